#include "analyzer/resolve/worst_layer.h"

#include <algorithm>

namespace ampcheck {

bool WorseLayer(const Layer& candidate, const Layer& current) {
  if (current.tries < candidate.tries) return true;
  return current.tries == candidate.tries && !candidate.total_timeout &&
         current.total_timeout;
}

std::string WorstOfSuffix(size_t count, const std::string& noun) {
  return " (worst of " + std::to_string(count) + " " + noun + ")";
}

void WorstLayerPerCall::Offer(int call, const Layer& layer,
                              const Evidence& summary) {
  auto [it, first] =
      layers_.try_emplace(call, layer, std::vector<Evidence>{summary});
  if (first) return;
  auto& [worst, summaries] = it->second;
  if (std::find(summaries.begin(), summaries.end(), summary) == summaries.end())
    summaries.push_back(summary);
  if (WorseLayer(layer, worst)) worst = layer;
}

void WorstLayerPerCall::AddTo(Model* model, const std::string& noun) {
  for (auto& [call, entry] : layers_) {
    auto& [layer, summaries] = entry;
    if (summaries.size() > 1) {
      layer.detail += WorstOfSuffix(summaries.size(), noun);
      layer.evidence.insert(layer.evidence.end(), summaries.begin(),
                            summaries.end());
    }
    std::vector<Layer>& on_call = model->calls[call].layers;
    on_call.push_back(std::move(layer));
    std::stable_sort(
        on_call.begin(), on_call.end(),
        [](const Layer& a, const Layer& b) { return a.kind < b.kind; });
  }
  layers_.clear();
}

}  // namespace ampcheck
