#include "analyzer/report/check_help.h"

#include <map>
#include <string_view>

namespace ampcheck {

const char* CheckFix(std::string_view check) {
  static const std::map<std::string_view, const char*> kFixes = {
      {"backoff-exceeds-timeout",
       "a back-off well under the timeout (timeout >= tries x per-try timeout "
       "+ the sum of the back-offs), or no retry at that layer."},
      {"implicit-mesh-retry",
       "write the policy down: a `retries` block on the route (`attempts: 0` "
       "to disable), or `defaultHttpRetryPolicy` in the mesh config."},
      {"ineffective-retry",
       "per-try timeout well under the total (total >= tries x per-try + "
       "back-off), and name the failures to retry."},
      {"missing-timeout",
       "set a route `timeout` (and `perTryTimeout`), `perTryTimeout` in the "
       "mesh config's `defaultHttpRetryPolicy` when the mesh default retries, "
       "or a client timeout from the callee's real p99 plus headroom."},
      {"non-idempotent-retry",
       "retry only conditions that fire before the request was sent, restrict "
       "the retrying route to idempotent methods, or send an idempotency key "
       "the callee deduplicates on."},
      {"retry-amplification",
       "retry at one layer only (usually the one that knows the request's "
       "deadline), set the others to a single try, and put a budget on the "
       "retrying hop."},
      {"retry-cycle",
       "break the cycle, or make at least one hop on it fail fast (one try)."},
      {"retry-without-budget",
       "a DestinationRule for the service with `trafficPolicy.retryBudget` "
       "(`percent: 20` is Envoy's default), or fewer retrying layers."},
      {"retry-without-jitter",
       "add full or decorrelated jitter (a random wait between 0 and the "
       "back-off), or leave retries to one layer that has it."},
      {"saturation-risk",
       "give the call a timeout below the saturation latency with the retries "
       "inside it, size the pool for the worst case (rate x hold time), or "
       "shed load before the pool runs out."},
      {"timeout-inversion",
       "make every outer timeout cover tries x per-try timeout + back-off of "
       "what it wraps, or propagate the deadline so inner layers stop in "
       "time."},
      {"unbounded-retry",
       "give the layer a count (`stop_after_attempt(3)`, `max_tries=3`, "
       "`WithMaxRetries`), or a budget that caps it."},
      {"undocumented-amplification",
       "remove all but one retrying layer, or declare the owner and maximum "
       "(`documented:` in the policy)."},
  };
  auto it = kFixes.find(check);
  return it == kFixes.end() ? "" : it->second;
}

std::string CheckDocsUrl(const std::string& base, std::string_view check) {
  std::string url = base.empty() ? kDefaultCheckDocsBase : base;
  while (!url.empty() && url.back() == '/') url.pop_back();
  return ((url += '/') += check) += ".md";
}

}  // namespace ampcheck
