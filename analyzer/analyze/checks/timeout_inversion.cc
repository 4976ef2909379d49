// timeout-inversion: an outer timeout is shorter than the worst case of the
// retries it wraps (inner tries x inner per-try timeout + back-off), so inner
// retries outlive the caller's patience. Two nestings are checked: layers of
// one call, and a caller's per-try wait on A->B against B's worst-case hold
// time on its own outbound calls.
#include <algorithm>

#include "analyzer/analyze/arithmetic.h"
#include "analyzer/analyze/check.h"

namespace ampcheck {
namespace {

// How long a layer waits for one of its tries before giving up on it.
std::optional<Millis> PatiencePerTry(const Layer& layer) {
  if (layer.per_try_timeout &&
      (!layer.total_timeout || *layer.per_try_timeout < *layer.total_timeout)) {
    return layer.per_try_timeout;
  }
  return layer.total_timeout;
}

class TimeoutInversionCheck : public Check {
 public:
  const char* id() const override { return "timeout-inversion"; }
  Severity severity() const override { return Severity::kError; }
  const char* summary() const override {
    return "an outer timeout is shorter than the worst case of the retries it "
           "wraps";
  }

  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    const Model& model = context.model;
    for (size_t i = 0; i < model.calls.size(); ++i) {
      const Call& call = model.calls[i];
      int index = static_cast<int>(i);
      for (size_t outer = 0; outer + 1 < call.layers.size(); ++outer) {
        auto patience = PatiencePerTry(call.layers[outer]);
        size_t inner = outer + 1;
        while (inner < call.layers.size() && !call.layers[inner].retries())
          ++inner;
        if (!patience || inner >= call.layers.size()) continue;
        auto hold = WorstCaseHoldTime(call.layers, inner);
        if (!hold || *hold <= *patience) continue;
        const Layer& o = call.layers[outer];
        const Layer& in = call.layers[inner];
        Finding f = Make(
            context, {index},
            in.location.known() ? in.location : context.CallLocation(index));
        f.message = context.CallName(index) + ": " + LayerKindName(o.kind) +
                    " timeout " + FormatDuration(*patience) + " (" +
                    o.Describe() + ") is shorter than the " +
                    FormatDuration(*hold) + " worst case of the " +
                    LayerKindName(in.kind) + " retries it wraps (" +
                    in.Describe() + ")";
        findings->emplace_back(std::move(f));
        break;
      }
    }
    // Across hops: A waits `patience` per try for B; B may hold longer.
    std::vector<std::optional<Millis>> longest_hold(model.services.size());
    std::vector<int> longest_call(model.services.size(), -1);
    for (size_t i = 0; i < model.calls.size(); ++i) {
      const Call& call = model.calls[i];
      bool retries = std::any_of(call.layers.begin(), call.layers.end(),
                                 [](const Layer& l) { return l.retries(); });
      if (!retries) continue;
      auto hold = WorstCaseHoldTime(call.layers, 0);
      if (hold &&
          (!longest_hold[call.from] || *hold > *longest_hold[call.from])) {
        longest_hold[call.from] = hold;
        longest_call[call.from] = static_cast<int>(i);
      }
    }
    for (size_t i = 0; i < model.calls.size(); ++i) {
      const Call& call = model.calls[i];
      if (call.layers.empty() || !longest_hold[call.to]) continue;
      auto patience = PatiencePerTry(call.layers.back());
      if (!patience || *longest_hold[call.to] <= *patience) continue;
      int downstream = longest_call[call.to];
      int index = static_cast<int>(i);
      Finding f =
          Make(context, {index, downstream}, context.CallLocation(downstream));
      f.message =
          context.CallName(index) + " waits " + FormatDuration(*patience) +
          " per try (" + call.layers.back().Describe() + "), but " +
          context.CallName(downstream) + " can hold it " +
          FormatDuration(*longest_hold[call.to]) +
          " with retries: the caller gives up while the callee still works";
      // Every caller that gives up early is held by the same retries.
      f.cause = context.Cause("held-by|" + context.CallCause(downstream));
      findings->emplace_back(std::move(f));
    }
  }

 private:
  Finding Make(const AnalysisContext& context, const std::vector<int>& calls,
               const Location& location) const {
    Finding f;
    f.check = id();
    f.severity = severity();
    f.location = location;
    f.path = context.PathNames(calls);
    AnalysisContext::SpellPathLater(calls, &f);
    std::string names;
    for (const std::string& n : f.path) names += n + ">";
    f.identity = std::string(id()) + "|" + names;
    context.SetNumbers(calls, &f);
    return f;
  }
};

}  // namespace

std::unique_ptr<Check> MakeTimeoutInversionCheck() {
  return std::make_unique<TimeoutInversionCheck>();
}

}  // namespace ampcheck
