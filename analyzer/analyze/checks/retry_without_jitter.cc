// retry-without-jitter: a retrying layer waits a fixed or exponential back-off
// with no jitter, so callers that failed together retry together: the
// retries arrive in synchronised waves, each as large as the first failure.
// Only a layer whose jitter is known to be off fires (a library default or a
// setting); unknown jitter stays silent. One finding per layer.
#include <set>

#include "analyzer/analyze/check.h"
#include "analyzer/base/duration.h"

namespace ampcheck {
namespace {

// " with a fixed 1s back-off", " with an exponential 100ms..2s back-off",
// or "" when no wait is known.
std::string BackoffWords(const Backoff& backoff) {
  if (!backoff.base) return "";
  if (!backoff.cap || *backoff.cap == *backoff.base)
    return " with a fixed " + FormatDuration(*backoff.base) + " back-off";
  return " with an exponential " + FormatDuration(*backoff.base) + ".." +
         FormatDuration(*backoff.cap) + " back-off";
}

class RetryWithoutJitterCheck : public Check {
 public:
  const char* id() const override { return "retry-without-jitter"; }
  Severity severity() const override { return Severity::kNote; }
  const char* summary() const override {
    return "fixed or exponential back-off without jitter: synchronised waves";
  }
  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    std::set<std::pair<Location, std::string>> seen;
    for (size_t i = 0; i < context.model.calls.size(); ++i) {
      for (const Layer& layer : context.model.calls[i].layers) {
        if (!layer.retries() || layer.backoff.jitter != false) continue;
        if (!seen.insert({layer.location, layer.origin}).second) continue;
        int index = static_cast<int>(i);
        Finding f = LayerFinding(context, index, layer);
        f.message = context.CallName(index) + ": " + layer.origin +
                    " retries " + layer.tries.ToString() + " tries" +
                    BackoffWords(layer.backoff) +
                    " and no jitter; callers that failed together retry "
                    "together";
        findings->emplace_back(std::move(f));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Check> MakeRetryWithoutJitterCheck() {
  return std::make_unique<RetryWithoutJitterCheck>();
}

}  // namespace ampcheck
