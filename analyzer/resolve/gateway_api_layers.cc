// Retry layers of Gateway API routes, per implementation (reference mesh.md
// section 5): Istio translates each rule into a VirtualService route, so a
// rule without `retry` runs Istio's default policy; Envoy Gateway reads the
// rule's `retry`, else a BackendTrafficPolicy; other implementations are
// counted by the spec alone, and a rule without `retry` gets no retries.
#include "analyzer/resolve/gateway_api_layers.h"

#include "analyzer/base/strings.h"
#include "analyzer/resolve/mesh_layers.h"
#include "analyzer/resolve/worst_layer.h"

namespace ampcheck {
namespace {

using Kind = GatewayApiImplementation::Kind;

std::string RuleName(const GatewayApiFact& route,
                     const GatewayApiRuleFact& rule) {
  return route.kind + " " + route.name + " rule " + rule.name;
}

// The HTTP methods a rule's retries apply to: a GRPCRoute carries gRPC,
// which is always an HTTP/2 POST; an HTTPRoute rule, the methods it matches.
std::vector<std::string> RuleMethods(const GatewayApiFact& route,
                                     const GatewayApiRuleFact& rule) {
  if (route.kind == "GRPCRoute") return {"POST"};
  return rule.methods;
}

std::optional<Millis> NonZero(std::optional<Millis> timeout) {
  if (timeout == 0) return std::nullopt;  // "0s" disables the timeout
  return timeout;
}

// The tries of a Gateway API retry stanza: attempts counts retries, so
// tries = 1 + attempts (GEP-1731: "the maximum number of times an
// individual request ... should be retried"). Unset, the count is the
// implementation's: `unset_retries` with `unset_source` naming it.
Layer RetryStanzaLayer(const std::string& what, const GatewayApiRetryFact& r,
                       const std::string& field, long long unset_retries,
                       const std::string& unset_source) {
  Layer layer;
  layer.kind = LayerKind::kMesh;
  layer.provenance = Provenance::kExplicit;
  long long retries = r.retries.value_or(unset_retries);
  layer.tries = Tries::FromRetries(static_cast<uint64_t>(retries));
  layer.location = r.location;
  layer.retry_on = r.retry_on;
  if (!r.retries) {
    layer.detail = what + ": " + field + " unset, " + unset_source + " " +
                   std::to_string(retries) +
                   " (retries) = " + layer.tries.ToString() + " tries";
  } else if (retries == 0) {
    layer.detail = what + ": " + field + " 0 (retries disabled)";
  } else {
    layer.detail = what + ": " + field + " " + std::to_string(retries) +
                   " (retries) = " + layer.tries.ToString() + " tries";
  }
  return layer;
}

// Istio's translation of a rule (pilot conversion.go convertHTTPRoute):
// retry present: attempts (unset: 2), retryOn connect-failure,
// refused-stream, unavailable, cancelled plus the codes; timeouts.request is
// the route timeout; backendRequest the perTryTimeout when retry is present,
// else the route timeout. No retry field: the route has no retries block and
// Istio's default policy applies, as for a VirtualService.
Layer IstioRuleLayer(const ResolveContext& c, const GatewayApiFact& route,
                     const GatewayApiRuleFact& rule) {
  std::string what = RuleName(route, rule);
  Layer layer;
  if (!rule.retry) {
    layer = IstioDefaultPolicyLayer(c, what + " has no retry field");
    if (!layer.location.known()) layer.location = rule.location;
    layer.total_timeout = NonZero(rule.request_timeout);
    if (NonZero(rule.backend_timeout))
      layer.total_timeout = rule.backend_timeout;
  } else {
    layer =
        RetryStanzaLayer(what, *rule.retry, "retry.attempts", 2, "Istio uses");
    std::vector<std::string> retry_on = {"connect-failure", "refused-stream",
                                         "unavailable", "cancelled"};
    retry_on.insert(retry_on.end(), rule.retry->retry_on.begin(),
                    rule.retry->retry_on.end());
    layer.retry_on = layer.retries() ? retry_on : std::vector<std::string>{};
    layer.per_try_timeout = NonZero(rule.backend_timeout);
    layer.total_timeout = NonZero(rule.request_timeout);
    layer.backoff = EnvoyRetryBackoff(rule.retry->backoff);
  }
  // Without retry the rule runs the mesh's default policy and is named as a
  // VirtualService-less route is ("Istio default, ..."): one cause, one fix.
  if (rule.retry) layer.origin = route.kind + " " + route.name + " (Istio)";
  layer.methods = RuleMethods(route, rule);
  return layer;
}

// Envoy Gateway: the rule's retry field takes precedence over a
// BackendTrafficPolicy (envoyproxy/gateway#5024); numRetries unset is 2,
// retryOn unset is connect-failure,refused-stream,unavailable,cancelled,
// retriable-status-codes with 503 (internal/xds/translator/route.go); no
// retry anywhere is no retry policy. The route timeout defaults to 15s.
Layer EnvoyGatewayRuleLayer(const GatewayApiFact& route,
                            const GatewayApiRuleFact& rule,
                            const GatewayApiFact* policy) {
  std::string what = RuleName(route, rule);
  Layer layer;
  if (rule.retry) {
    layer = RetryStanzaLayer(what, *rule.retry, "retry.attempts", 2,
                             "Envoy Gateway uses");
    layer.backoff = EnvoyRetryBackoff(rule.retry->backoff);
  } else if (policy && policy->retry) {
    layer = RetryStanzaLayer(
        "BackendTrafficPolicy " + policy->name + " (for " + what + ")",
        *policy->retry, "retry.numRetries", 2, "Envoy Gateway's default");
    layer.per_try_timeout = policy->retry->per_try_timeout;
    layer.backoff = {policy->retry->backoff.value_or(25),
                     policy->retry->backoff_max.value_or(
                         policy->retry->backoff.value_or(25) * 10),
                     true, std::nullopt, std::nullopt};
  } else {
    layer.kind = LayerKind::kMesh;
    layer.provenance = Provenance::kMeshDefault;
    layer.detail = what +
                   ": no retry field and no BackendTrafficPolicy "
                   "retry: Envoy Gateway sets no retry policy (1 try)";
    layer.location = rule.location;
  }
  if (layer.retries() && layer.retry_on.empty()) {
    layer.retry_on = {
        "connect-failure", "refused-stream",         "unavailable",
        "cancelled",       "retriable-status-codes", "503"};
  }
  if (NonZero(rule.backend_timeout))
    layer.per_try_timeout = rule.backend_timeout;
  if (rule.request_timeout) {
    layer.total_timeout = NonZero(rule.request_timeout);
  } else if (policy && policy->request_timeout) {
    layer.total_timeout = NonZero(policy->request_timeout);
  } else {
    layer.total_timeout = 15000;
    layer.evidence.push_back(
        {rule.location, what + ": no timeout set, Envoy Gateway's default "
                               "route timeout 15s"});
  }
  layer.origin = route.kind + " " + route.name + " (Envoy Gateway)";
  layer.methods = RuleMethods(route, rule);
  return layer;
}

// Any other implementation, by the spec alone: attempts counts retries; a
// stanza without attempts is implementation-specific, counted as Istio's
// and Envoy Gateway's 2. No retry field: no layer.
std::optional<Layer> PortableRuleLayer(const GatewayApiFact& route,
                                       const GatewayApiRuleFact& rule,
                                       const GatewayApiImplementation& served) {
  if (!rule.retry) return std::nullopt;
  Layer layer =
      RetryStanzaLayer(RuleName(route, rule), *rule.retry, "retry.attempts", 2,
                       "implementation-specific, assumed");
  layer.per_try_timeout = NonZero(rule.backend_timeout);
  layer.total_timeout = NonZero(rule.request_timeout);
  layer.origin = route.kind + " " + route.name + " (" + served.name + ")";
  layer.methods = RuleMethods(route, rule);
  return layer;
}

std::string RuleSummary(const GatewayApiRuleFact& rule, const Layer& layer) {
  std::string text =
      "rule " + rule.name + ": " + layer.tries.ToString() + " tries";
  if (!rule.retry) text += " (no retry field)";
  if (layer.per_try_timeout)
    text += ", per try " + FormatDuration(*layer.per_try_timeout);
  if (layer.total_timeout)
    text += ", timeout " + FormatDuration(*layer.total_timeout);
  return text;
}

bool RoutesTo(const ResolveContext& c, const GatewayApiFact& route,
              const GatewayApiRuleFact& rule, int callee) {
  for (const GatewayApiRefFact& backend : rule.backends) {
    std::string ns = backend.ns.empty() ? route.ns : backend.ns;
    if (NamesService(backend, true) && backend.weight != 0 &&
        c.FindService(ns, backend.name) == callee)
      return true;
  }
  return false;
}

// Worst case over the rules that may carry the call, as for the routes of a
// VirtualService; each rule's values stay in the evidence.
template <typename RuleLayerFn>
std::optional<Layer> WorstRule(const ResolveContext& c,
                               const std::vector<const GatewayApiFact*>& routes,
                               int gateway_callee, RuleLayerFn rule_layer) {
  std::optional<Layer> worst;
  std::vector<Evidence> rules;
  for (const GatewayApiFact* route : routes) {
    for (const GatewayApiRuleFact& rule : route->rules) {
      if (gateway_callee >= 0 && !RoutesTo(c, *route, rule, gateway_callee))
        continue;
      std::optional<Layer> layer = rule_layer(*route, rule);
      if (!layer) continue;
      rules.push_back({rule.location, route->kind + " " + route->name + " " +
                                          RuleSummary(rule, *layer)});
      if (!worst || WorseLayer(*layer, *worst)) worst = std::move(layer);
    }
  }
  if (!worst) return worst;
  worst->evidence.insert(worst->evidence.end(), rules.begin(), rules.end());
  if (rules.size() > 1) worst->detail += WorstOfSuffix(rules.size(), "rules");
  return worst;
}

}  // namespace

GatewayApiRoutes::GatewayApiRoutes(const ResolveContext& c) {
  for (const GatewayApiFact& fact : c.gateway_api) {
    if (fact.kind == "BackendTrafficPolicy") {
      for (const GatewayApiRefFact& target : fact.refs)
        policies_.emplace(target.kind + "/" + fact.ns + "/" + target.name,
                          &fact);
      continue;
    }
    if (!IsRoute(fact)) continue;
    for (const GatewayApiRefFact& parent : fact.refs) {
      std::string ns = parent.ns.empty() ? fact.ns : parent.ns;
      if (NamesGateway(parent)) {
        std::string key = ns + "/" + parent.name;
        gateway_routes_[key].push_back(&fact);
        if (!implementations_.count(key))
          implementations_[key] = ServingImplementation(c, ns, parent.name);
      } else if (NamesService(parent, false)) {
        int service = c.FindService(ns, parent.name);
        if (service >= 0) service_routes_[service].push_back(&fact);
      }
    }
  }
}

const GatewayApiRoutes::Routes& GatewayApiRoutes::GatewayRoutes(
    const std::string& key) const {
  static const Routes none;
  auto it = gateway_routes_.find(key);
  return it == gateway_routes_.end() ? none : it->second;
}

// GAMMA: a route in the Service's namespace (producer route) applies to
// every caller; a route in another namespace (consumer route) applies to
// callers in its own namespace only, and wins over producer routes there.
GatewayApiRoutes::Routes GatewayApiRoutes::MeshRoutes(const ResolveContext& c,
                                                      const Call& call) const {
  auto it = service_routes_.find(call.to);
  if (it == service_routes_.end()) return {};
  const std::string& caller_ns = c.model.services[call.from].ns;
  const std::string& service_ns = c.model.services[call.to].ns;
  Routes consumer, producer;
  for (const GatewayApiFact* route : it->second) {
    if (route->ns == service_ns) {
      producer.push_back(route);
    } else if (route->ns == caller_ns) {
      consumer.push_back(route);
    }
  }
  return consumer.empty() ? producer : consumer;
}

bool GatewayApiRoutes::FromGateway(const ResolveContext& c,
                                   const Call& call) const {
  const Service& from = c.model.services[call.from];
  return from.is_gateway && gateway_routes_.count(from.Key()) > 0;
}

std::optional<Layer> GatewayApiRoutes::IstioLayer(const ResolveContext& c,
                                                  const Call& call) const {
  auto istio_rule = [&c](const GatewayApiFact& route,
                         const GatewayApiRuleFact& rule) {
    return std::optional<Layer>(IstioRuleLayer(c, route, rule));
  };
  const Service& from = c.model.services[call.from];
  if (from.is_gateway) {
    // GAMMA routes govern mesh traffic, not a gateway's.
    if (!FromGateway(c, call)) return std::nullopt;
    return WorstRule(c, GatewayRoutes(from.Key()), call.to, istio_rule);
  }
  return WorstRule(c, MeshRoutes(c, call), -1, istio_rule);
}

std::optional<Layer> GatewayApiRoutes::OtherLayer(const ResolveContext& c,
                                                  const Call& call,
                                                  std::string* note) const {
  const Service& from = c.model.services[call.from];
  auto served = implementations_.find(from.Key());
  if (served == implementations_.end()) return std::nullopt;
  const GatewayApiImplementation& implementation = served->second;
  const GatewayApiFact* gateway_policy = nullptr;
  if (auto it = policies_.find("Gateway/" + from.Key()); it != policies_.end())
    gateway_policy = it->second;
  auto rule_layer =
      [&](const GatewayApiFact& route,
          const GatewayApiRuleFact& rule) -> std::optional<Layer> {
    if (implementation.kind == Kind::kEnvoyGateway) {
      // A policy on the route wins over one on the Gateway.
      const GatewayApiFact* policy = gateway_policy;
      auto it = policies_.find(route.kind + "/" + route.ns + "/" + route.name);
      if (it != policies_.end()) policy = it->second;
      return EnvoyGatewayRuleLayer(route, rule, policy);
    }
    return PortableRuleLayer(route, rule, implementation);
  };
  std::optional<Layer> layer =
      WorstRule(c, GatewayRoutes(from.Key()), call.to, rule_layer);
  if (!layer) {
    *note = "no retry layer at Gateway " + from.Key() + ": its routes to " +
            c.model.services[call.to].name +
            " have no retry field, and a route without one on " +
            implementation.name +
            " is not counted as retrying (implementation-specific; " +
            implementation.evidence + ")";
  }
  return layer;
}

void AddGatewayApiLayers(ResolveContext* c) {
  GatewayApiRoutes routes(*c);
  for (Call& call : c->model.calls) {
    const Service& from = c->model.services[call.from];
    if (from.in_mesh || !routes.FromGateway(*c, call)) continue;
    std::string note;
    if (std::optional<Layer> layer = routes.OtherLayer(*c, call, &note)) {
      call.layers.push_back(std::move(*layer));
    } else {
      call.notes.push_back(note);
      c->Assume(
          "Gateway API routes without a retry field on an implementation "
          "other than Istio or Envoy Gateway: no retries counted (the "
          "default is implementation-specific, GEP-1731)");
    }
  }
}

}  // namespace ampcheck
