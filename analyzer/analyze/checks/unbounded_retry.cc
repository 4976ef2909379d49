// unbounded-retry: a layer can retry forever, or is bounded only by a long
// elapsed time. One finding per layer, however many calls it wraps.
#include <set>

#include "analyzer/analyze/check.h"

namespace ampcheck {
namespace {

class UnboundedRetryCheck : public Check {
 public:
  const char* id() const override { return "unbounded-retry"; }
  Severity severity() const override { return Severity::kError; }
  const char* summary() const override {
    return "a layer can retry forever, or is bounded only by a long elapsed "
           "time";
  }
  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    std::set<std::pair<Location, std::string>> seen;
    for (size_t i = 0; i < context.model.calls.size(); ++i) {
      for (const Layer& layer : context.model.calls[i].layers) {
        if (!layer.tries.unbounded()) continue;
        if (!seen.insert({layer.location, layer.origin}).second) continue;
        Finding f = LayerFinding(context, static_cast<int>(i), layer);
        f.message = context.CallName(static_cast<int>(i)) + ": " +
                    layer.origin + " retries without bound (" + layer.detail +
                    ")";
        findings->emplace_back(std::move(f));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Check> MakeUnboundedRetryCheck() {
  return std::make_unique<UnboundedRetryCheck>();
}

}  // namespace ampcheck
