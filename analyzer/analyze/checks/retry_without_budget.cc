// retry-without-budget: the mesh retries calls into a service and nothing
// limits those retries in aggregate: no retry budget (DestinationRule
// trafficPolicy.retryBudget, or an EnvoyFilter's retry_budget) and no cap on
// concurrent retries (connectionPool.http.maxRetries, 2^32-1 by default).
// When the service fails, its load grows by the full product of the mesh's
// tries; a budget of p% holds the growth to 1 + p/100 (seed 002: 1.2x).
// Reported once per service, where its Service is declared, since budgets and
// caps are set per destination.
#include <vector>

#include "analyzer/analyze/arithmetic.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// The budget the message suggests: Envoy's and Istio's default percent.
constexpr double kSuggestedBudgetPercent = 20;

class RetryWithoutBudgetCheck : public Check {
 public:
  const char* id() const override { return "retry-without-budget"; }
  Severity severity() const override { return Severity::kNote; }
  const char* summary() const override {
    return "a retrying mesh hop with no retry budget or concurrency cap";
  }
  void Run(const AnalysisContext& context,
           std::vector<Finding>* findings) const override {
    const Model& model = context.model;
    // Per callee: the unlimited retrying mesh layers of its inbound calls.
    std::vector<std::vector<std::pair<int, const Layer*>>> by_callee(
        model.services.size());
    for (size_t i = 0; i < model.calls.size(); ++i) {
      for (const Layer& layer : model.calls[i].layers) {
        if (layer.kind != LayerKind::kMesh || !layer.retries() ||
            layer.budget_percent || layer.max_concurrent_retries)
          continue;
        by_callee[model.calls[i].to].push_back({static_cast<int>(i), &layer});
      }
    }
    for (size_t callee = 0; callee < by_callee.size(); ++callee) {
      const auto& layers = by_callee[callee];
      if (layers.empty()) continue;
      std::vector<std::string> callers;
      const Layer* worst = nullptr;
      std::vector<int> calls;
      for (const auto& [call, layer] : layers) {
        callers.push_back(model.DisplayName(model.calls[call].from));
        calls.push_back(call);
        if (!worst || worst->tries < layer->tries) worst = layer;
      }
      const std::string name = model.DisplayName(static_cast<int>(callee));
      Finding f;
      f.check = id();
      f.severity = severity();
      f.message =
          name + ": " + std::to_string(callers.size()) +
          (callers.size() == 1 ? " caller retries" : " callers retry") +
          " into it through the mesh (" + Join(callers, ", ") + "; up to " +
          worst->tries.ToString() + " tries, " + worst->origin +
          ") with no retry budget and no maxRetries cap; a failure "
          "multiplies its load by up to " +
          worst->tries.ToString() + " where a " +
          FormatFactor(kSuggestedBudgetPercent) + "% budget would hold it to " +
          FormatFactor(BudgetBound(kSuggestedBudgetPercent));
      f.location = model.services[callee].location;
      f.path = {name};
      f.arithmetic = context.CallArithmetic(calls.front());
      for (int call : calls) {
        for (const Layer& layer : model.calls[call].layers) {
          if (layer.kind == LayerKind::kMesh && layer.location.known())
            f.related.push_back(
                {layer.location, context.CallName(call) + ": " + layer.detail});
        }
      }
      f.identity = std::string(id()) + "|" + name;
      f.tries = worst->tries;
      findings->push_back(std::move(f));
    }
  }
};

}  // namespace

std::unique_ptr<Check> MakeRetryWithoutBudgetCheck() {
  return std::make_unique<RetryWithoutBudgetCheck>();
}

}  // namespace ampcheck
