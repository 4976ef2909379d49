// backoff-exceeds-timeout: a retry whose minimum back-off (the wait before its
// first retry, Layer::backoff.base) is at least the time it has to fit in:
// its own total timeout, the per-try wait of a layer around it on the same
// call, or the per-try wait of a caller of its service. That retry can never
// happen before the timeout ends: it only holds the request (and the
// caller's thread) for nothing.
#include <set>

#include "analyzer/analyze/check.h"

namespace ampcheck {
namespace {

// How long a layer waits for one of its tries (the whole of what it wraps)
// before giving up on it: the per-try timeout when it is the shorter one.
std::optional<Millis> WaitPerTry(const Layer& layer) {
  if (layer.per_try_timeout &&
      (!layer.total_timeout || *layer.per_try_timeout < *layer.total_timeout)) {
    return layer.per_try_timeout;
  }
  return layer.total_timeout;
}

// The shortest time a retrying layer must fit in, and what sets it.
struct Limit {
  Millis wait = 0;
  std::string what;  // "its own total timeout 30s", ...
};

class BackoffExceedsTimeoutCheck : public Check {
 public:
  const char* id() const override { return "backoff-exceeds-timeout"; }
  Severity severity() const override { return Severity::kWarning; }
  const char* summary() const override {
    return "a retry's minimum back-off alone is at least the timeout it must "
           "fit in, so it never retries in time";
  }

  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    const Model& model = context.model;
    // The shortest per-try wait of any caller on calls into each service.
    std::vector<std::optional<Limit>> caller_wait(model.services.size());
    for (size_t i = 0; i < model.calls.size(); ++i) {
      const Call& call = model.calls[i];
      if (call.layers.empty()) continue;
      const Layer& innermost = call.layers.back();
      auto wait = WaitPerTry(innermost);
      if (!wait || *wait <= 0) continue;
      std::optional<Limit>& known = caller_wait[call.to];
      if (!known || *wait < known->wait) {
        known =
            Limit{*wait, "the " + FormatDuration(*wait) + " " +
                             context.CallName(static_cast<int>(i)) +
                             " waits per try (" + innermost.Describe() + ")"};
      }
    }
    std::set<std::pair<Location, std::string>> seen;
    for (size_t i = 0; i < model.calls.size(); ++i) {
      const Call& call = model.calls[i];
      for (size_t k = 0; k < call.layers.size(); ++k) {
        const Layer& layer = call.layers[k];
        if (!layer.retries() || !layer.backoff.base) continue;
        const Millis base = *layer.backoff.base;
        std::optional<Limit> limit;
        auto consider = [&](Millis wait, std::string what) {
          if (wait <= 0) return;  // 0 is "no timeout" in most libraries
          if (base >= wait && (!limit || wait < limit->wait))
            limit = Limit{wait, std::move(what)};
        };
        if (layer.total_timeout) {
          consider(
              *layer.total_timeout,
              "its own total timeout " + FormatDuration(*layer.total_timeout));
        }
        for (size_t outer = 0; outer < k; ++outer) {
          const Layer& around = call.layers[outer];
          auto wait = WaitPerTry(around);
          if (!wait || around.kind >= layer.kind) continue;
          consider(*wait, "the " + std::string(LayerKindName(around.kind)) +
                              " timeout " + FormatDuration(*wait) +
                              " around it (" + around.Describe() + ")");
        }
        if (const auto& caller = caller_wait[call.from])
          consider(caller->wait, caller->what);
        if (!limit) continue;
        std::string why = "minimum back-off " + FormatDuration(base) +
                          " >= " + limit->what +
                          ": the first retry can never start in time";
        if (!seen.insert({layer.location, why}).second) continue;
        int index = static_cast<int>(i);
        Finding f = LayerFinding(context, index, layer);
        f.message = context.CallName(index) + ": " + layer.origin + " " + why;
        findings->emplace_back(std::move(f));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Check> MakeBackoffExceedsTimeoutCheck() {
  return std::make_unique<BackoffExceedsTimeoutCheck>();
}

}  // namespace ampcheck
