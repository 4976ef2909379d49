// saturation-risk: a caller declares its pool and peak rate (policy
// capacity[]), and the worst-case hold time of one of its outbound calls
// passes the latency at which that pool runs out (Little's law: pool / rate;
// seed 004: 100 threads / 500 rps = 200ms). A callee that slows down past
// that point takes the caller's whole pool, and the caller's callers see it
// fail in turn.
#include "analyzer/analyze/arithmetic.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// The numbers each layer contributes to the hold time, outermost first:
// "mesh 3 tries, per try 100ms, backoff 75ms".
std::string HoldTimeFactors(const std::vector<Layer>& layers) {
  std::vector<std::string> parts;
  for (const Layer& layer : layers) {
    std::vector<std::string> numbers;
    if (layer.tries.retries())
      numbers.push_back(layer.tries.ToString() + " tries");
    if (layer.per_try_timeout)
      numbers.push_back("per try " + FormatDuration(*layer.per_try_timeout));
    if (layer.total_timeout)
      numbers.push_back("timeout " + FormatDuration(*layer.total_timeout));
    if (layer.tries.retries() && !layer.tries.unbounded()) {
      Millis backoff = BackoffTotal(layer.backoff, layer.tries.count() - 1);
      if (backoff > 0) numbers.push_back("backoff " + FormatDuration(backoff));
    }
    if (numbers.empty()) continue;
    parts.push_back(std::string(LayerKindName(layer.kind)) + " " +
                    Join(numbers, ", "));
  }
  return Join(parts, "; ");
}

class SaturationRiskCheck : public Check {
 public:
  const char* id() const override { return "saturation-risk"; }
  Severity severity() const override { return Severity::kWarning; }
  const char* summary() const override {
    return "with a declared pool size and rate, the worst-case hold time "
           "passes the saturation latency";
  }

  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    const Model& model = context.model;
    for (size_t i = 0; i < model.calls.size(); ++i) {
      const Call& call = model.calls[i];
      const Service& caller = model.services[call.from];
      if (!caller.capacity || call.layers.empty()) continue;
      bool unknown_timeout = false;
      for (const Layer& layer : call.layers)
        unknown_timeout = unknown_timeout || !layer.timeout_expression.empty();
      std::optional<Millis> hold = WorstCaseHoldTime(call.layers, 0);
      // A timeout set to a value ampcheck cannot read: the hold time is
      // bounded, by an unknown amount; say nothing rather than guess.
      if (!hold && unknown_timeout) continue;
      const CapacityDeclaration& capacity = *caller.capacity;
      Millis limit = SaturationLatency(capacity.pool, capacity.rate);
      if (hold && *hold <= limit) continue;
      int index = static_cast<int>(i);
      std::string saturation = caller.display + "'s saturation latency of " +
                               FormatDuration(limit) + " (" +
                               std::to_string(capacity.pool) + " threads / " +
                               std::to_string(capacity.rate) + " rps, " +
                               capacity.location.ToString() + ")";
      std::string factors = HoldTimeFactors(call.layers);
      Finding f = CallFinding(context, index, context.CallLocation(index));
      f.message = context.CallName(index) + ": " +
                  (hold ? "worst-case hold time " + FormatDuration(*hold) +
                              " (" + factors + ") passes "
                        : "no timeout at any layer (" + factors +
                              "): the hold time is unbounded, past ") +
                  saturation + "; a " + model.DisplayName(call.to) +
                  " slower than that exhausts the pool";
      f.related = {
          {capacity.location,
           caller.display + " capacity: " + std::to_string(capacity.pool) +
               " threads at " + std::to_string(capacity.rate) + " rps"}};
      findings->emplace_back(std::move(f));
    }
  }
};

}  // namespace

std::unique_ptr<Check> MakeSaturationRiskCheck() {
  return std::make_unique<SaturationRiskCheck>();
}

}  // namespace ampcheck
