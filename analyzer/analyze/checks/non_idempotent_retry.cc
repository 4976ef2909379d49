// non-idempotent-retry: a layer retries a request whose method is not
// idempotent (POST, PATCH) on a condition that can fire after the request
// reached the callee: a 5xx, a reset, a timeout. The callee may have applied
// the first try already, so each retry can charge, order or write again
// (seed 002 retries "GET only" for this reason). Conditions that fire before
// anything was sent (connect-failure, refused-stream, reset-before-request)
// are safe to retry on any method.
#include <set>
#include <vector>

#include "analyzer/analyze/check.h"
#include "analyzer/base/http_methods.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// The retry conditions that can fire after the request was sent. Envoy's
// connect-failure, refused-stream and reset-before-request (and a local
// rate limit, envoy-ratelimited) fire before the upstream saw the request
// (reference/mesh.md section 3); every other condition a layer names (5xx,
// reset, gateway-error, retriable-status-codes, a timeout, an IOException)
// can follow a request the callee received. A layer that names none retries
// what its library treats as retryable, which includes timeouts.
std::vector<std::string> AfterSendConditions(const Layer& layer) {
  static const std::set<std::string> before_send = {
      "connect-failure",   "refused-stream",   "reset-before-request",
      "envoy-ratelimited", "connectexception", "unknownhostexception"};
  std::vector<std::string> after;
  for (const std::string& condition : layer.retry_on) {
    if (!before_send.count(ToLower(Trim(condition))))
      after.push_back(condition);
  }
  if (layer.retry_on.empty()) after.push_back("its library's retryable errors");
  return after;
}

class NonIdempotentRetryCheck : public Check {
 public:
  const char* id() const override { return "non-idempotent-retry"; }
  Severity severity() const override { return Severity::kWarning; }
  const char* summary() const override {
    return "a non-idempotent request retried after it may have been applied";
  }

  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    for (size_t i = 0; i < context.model.calls.size(); ++i) {
      const Call& call = context.model.calls[i];
      for (const Layer& layer : call.layers) {
        if (!layer.retries() || layer.timeout_only) continue;
        // The non-idempotent method this layer carries, and where it is
        // seen: the layer's own methods (a route matching POST) decide which
        // requests it retries; without them, the call sites'.
        std::string method;
        Location seen;
        bool key = false;
        std::string note;  // how the method is known, when the site says
        if (!layer.methods.empty()) {
          for (const std::string& m : layer.methods) {
            if (IdempotentMethod(m)) continue;
            method = m;
            seen = layer.location;
            for (const Call::Method& site : call.methods) {
              if (site.method == m) {
                seen = site.location;
                key = site.idempotency_key;
                note = site.note;
                break;
              }
            }
            break;
          }
        } else {
          for (const Call::Method& site : call.methods) {
            if (IdempotentMethod(site.method)) continue;
            // A site without a key is the one that matters.
            if (method.empty() || (key && !site.idempotency_key)) {
              method = site.method;
              seen = site.location;
              key = site.idempotency_key;
              note = site.note;
            }
          }
        }
        if (method.empty()) continue;
        // Worked out only for a layer that carries such a method: most
        // retrying layers of a large fleet carry none.
        std::vector<std::string> after = AfterSendConditions(layer);
        if (after.empty()) continue;
        int index = static_cast<int>(i);
        Finding f = LayerFinding(context, index, layer);
        f.message = context.CallName(index) + ": " + method + " (" +
                    seen.ToString() + (note.empty() ? "" : "; " + note) +
                    ") can be sent up to " + layer.tries.ToString() +
                    " times: " + layer.origin + " retries it on " +
                    Join(after, ",") + ", after the callee may have applied it";
        if (key) {
          f.severity = Severity::kNote;
          f.message +=
              "; the call sends an idempotency key, so a repeat is safe if " +
              context.model.DisplayName(call.to) + " honours it";
        } else {
          f.message +=
              "; send an idempotency key or retry only connect-failure,"
              "refused-stream,reset-before-request";
        }
        f.related.push_back({seen, method + " " + context.CallName(index)});
        findings->emplace_back(std::move(f));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Check> MakeNonIdempotentRetryCheck() {
  return std::make_unique<NonIdempotentRetryCheck>();
}

}  // namespace ampcheck
