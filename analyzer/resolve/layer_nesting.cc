#include "analyzer/resolve/layer_nesting.h"

#include <algorithm>
#include <tuple>

namespace ampcheck {
namespace {

// Made after a same-kind retry loop's line in its file: inside the loop.
bool InsideCodeLoop(const Layer& timeout, const std::vector<Layer>& layers) {
  return std::any_of(layers.begin(), layers.end(), [&](const Layer& loop) {
    return loop.code_loop && loop.kind == timeout.kind &&
           loop.location.file == timeout.location.file &&
           loop.location.line < timeout.location.line;
  });
}

}  // namespace

void NestCallLayers(std::vector<Layer>* layers) {
  enum Rank { kWholeCallTimeout, kRetrying, kPerTryTimeout };
  // Ranked before anything moves: InsideCodeLoop reads every layer.
  std::vector<Rank> ranks;
  ranks.reserve(layers->size());
  for (const Layer& layer : *layers) {
    ranks.push_back(!layer.timeout_only ? kRetrying
                    : layer.whole_call && !InsideCodeLoop(layer, *layers)
                        ? kWholeCallTimeout
                        : kPerTryTimeout);
  }
  std::vector<std::pair<Rank, Layer>> ranked;
  ranked.reserve(layers->size());
  for (size_t i = 0; i < layers->size(); ++i)
    ranked.emplace_back(ranks[i], std::move((*layers)[i]));
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) {
                     return std::tie(a.second.kind, a.first) <
                            std::tie(b.second.kind, b.first);
                   });
  layers->clear();
  for (auto& [rank, layer] : ranked) layers->push_back(std::move(layer));
}

}  // namespace ampcheck
