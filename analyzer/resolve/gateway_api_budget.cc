// XBackendTrafficPolicy retry budgets (GEP-3388) on the calls to the
// Services they target. Istio translates spec.retryConstraint into the
// DestinationRule retryBudget of each target Service (pilot
// config/kube/gateway/backend_policies.go: percent, and minRetryConcurrency
// from minRetryRate.count), so it bounds the Istio layer exactly as a
// DestinationRule retryBudget does: the layer's budget_percent. Envoy
// Gateway does not implement it (envoyproxy/gateway#5298), nor do Linkerd
// and Kuma; a call they carry gets a note instead of a bound.
#include "analyzer/base/strings.h"
#include "analyzer/resolve/gateway_api_layers.h"
#include "analyzer/resolve/istio_version.h"

namespace ampcheck {
namespace {

// The CRD's defaults (apisx/v1alpha1 xbackendtrafficpolicy_types.go): the
// API server stores them, so an unset field reads as these.
constexpr long long kDefaultPercent = 20;
constexpr Millis kDefaultInterval = 10000;
constexpr long long kDefaultMinRetryCount = 10;
constexpr Millis kDefaultMinRetryInterval = 1000;

std::string Describe(const GatewayApiFact& policy) {
  const GatewayApiBudgetFact& b = *policy.budget;
  auto or_default = [](bool written) {
    return written ? std::string() : std::string(" (default)");
  };
  return "XBackendTrafficPolicy " + policy.name +
         ": retryConstraint budget.percent " +
         std::to_string(b.percent.value_or(kDefaultPercent)) + "%" +
         or_default(b.percent.has_value()) + " of active requests over " +
         FormatDuration(b.interval.value_or(kDefaultInterval)) +
         or_default(b.interval.has_value()) + ", minRetryRate " +
         std::to_string(b.min_retry_count.value_or(kDefaultMinRetryCount)) +
         " per " +
         FormatDuration(
             b.min_retry_interval.value_or(kDefaultMinRetryInterval)) +
         or_default(b.min_retry_count.has_value());
}

}  // namespace

GatewayApiBudgets::GatewayApiBudgets(const ResolveContext& c) {
  for (const GatewayApiFact& fact : c.gateway_api) {
    if (fact.kind != "XBackendTrafficPolicy" || !fact.budget) continue;
    for (const GatewayApiRefFact& ref : fact.refs) {
      if (!NamesService(ref, false)) continue;
      int service = c.FindService(fact.ns, ref.name);
      if (service < 0) continue;
      // Once per policy, however many of its refs name the Service.
      std::vector<const GatewayApiFact*>& list = by_service_[service];
      if (list.empty() || list.back() != &fact) list.push_back(&fact);
    }
  }
}

const std::vector<const GatewayApiFact*>& GatewayApiBudgets::For(
    int service) const {
  static const std::vector<const GatewayApiFact*> none;
  auto it = by_service_.find(service);
  return it == by_service_.end() ? none : it->second;
}

void ApplyGatewayApiBudget(ResolveContext* c, const GatewayApiBudgets& budgets,
                           const Call& call, Layer* layer) {
  for (const GatewayApiFact* policy : budgets.For(call.to)) {
    const GatewayApiBudgetFact& b = *policy->budget;
    if (!HasRetryBudgetField(c->version)) {
      c->Diagnose(b.location, "XBackendTrafficPolicy " + policy->name +
                                  ": Istio translates retryConstraint into "
                                  "a DestinationRule retryBudget, which needs "
                                  "Istio 1.27+; ignored for Istio " +
                                  c->version.ToString());
      continue;
    }
    double percent = static_cast<double>(b.percent.value_or(kDefaultPercent));
    std::string text = Describe(*policy);
    if (layer->budget_percent && *layer->budget_percent != percent) {
      // Two budgets for one host: which one Istio keeps depends on how it
      // merges the DestinationRules, so the looser one is counted.
      text += "; another budget of " + FormatFactor(*layer->budget_percent) +
              "% applies to this Service too, the larger is counted";
      if (*layer->budget_percent > percent) {
        layer->evidence.push_back({b.location, text});
        continue;
      }
    }
    layer->budget_percent = percent;
    layer->budget_location = b.location;
    layer->evidence.push_back({b.location, text + " (Istio)"});
  }
}

void NoteUnappliedGatewayApiBudgets(ResolveContext* c) {
  const GatewayApiBudgets index(*c);
  for (Call& call : c->model.calls) {
    const std::vector<const GatewayApiFact*>& budgets = index.For(call.to);
    if (budgets.empty()) continue;
    // Istio's layers were bounded, or the version's diagnostic says why not.
    const Service& caller = c->model.services[call.from];
    if (caller.in_mesh && (caller.mesh.empty() || caller.mesh == "istio" ||
                           caller.mesh == "istio-ambient"))
      continue;
    for (const Layer& layer : call.layers) {
      if (layer.kind != LayerKind::kMesh || !layer.retries()) continue;
      for (const GatewayApiFact* policy : budgets) {
        if (layer.budget_location == policy->budget->location) continue;
        bool listed = false;
        for (const Evidence& e : layer.evidence)
          listed = listed || e.location == policy->budget->location;
        if (listed) continue;
        call.notes.push_back(
            "XBackendTrafficPolicy " + policy->name + " (" +
            policy->budget->location.ToString() + ") targets " +
            c->model.services[call.to].name + " but does not bound " +
            layer.origin +
            ": of the systems read, only Istio implements retryConstraint "
            "(Envoy Gateway does not: envoyproxy/gateway#5298)");
      }
    }
  }
}

}  // namespace ampcheck
