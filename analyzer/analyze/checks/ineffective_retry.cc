// ineffective-retry: a retry setting that can never fire: a per-try timeout
// >= the total timeout (Envoy drops it; a timed-out try uses the whole
// deadline), or retry conditions that match nothing.
#include <set>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

bool ConditionsMatchNothing(const std::vector<std::string>& retry_on) {
  if (retry_on.empty()) return true;
  bool codes = false;
  bool other = false;
  for (const std::string& condition : retry_on) {
    long long code;
    if (ParseInt(condition, &code)) {
      codes = true;
    } else if (condition != "retriable-status-codes" &&
               condition != "retriable-headers") {
      other = true;
    }
  }
  // retriable-status-codes with no codes, or retriable-headers alone.
  return !other && !codes;
}

class IneffectiveRetryCheck : public Check {
 public:
  const char* id() const override { return "ineffective-retry"; }
  Severity severity() const override { return Severity::kWarning; }
  const char* summary() const override {
    return "a retry setting can never fire (per-try timeout >= total timeout, "
           "empty conditions)";
  }

  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    std::set<std::pair<Location, std::string>> seen;
    for (size_t i = 0; i < context.model.calls.size(); ++i) {
      for (const Layer& layer : context.model.calls[i].layers) {
        if (!layer.retries()) continue;
        std::string why;
        if (layer.per_try_timeout && layer.total_timeout &&
            *layer.per_try_timeout >= *layer.total_timeout) {
          why = "per-try timeout " + FormatDuration(*layer.per_try_timeout) +
                " >= timeout " + FormatDuration(*layer.total_timeout) +
                ": a try that times out uses the whole timeout, so no retry "
                "after a timeout fires";
        } else if (layer.kind == LayerKind::kMesh &&
                   ConditionsMatchNothing(layer.retry_on)) {
          why =
              "retryOn '" + Join(layer.retry_on, ",") + "' matches no failure";
        }
        if (why.empty() || !seen.insert({layer.location, why}).second) continue;
        int index = static_cast<int>(i);
        Finding f = LayerFinding(context, index, layer);
        f.message = context.CallName(index) + ": " + layer.origin + " " + why;
        findings->emplace_back(std::move(f));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Check> MakeIneffectiveRetryCheck() {
  return std::make_unique<IneffectiveRetryCheck>();
}

}  // namespace ampcheck
