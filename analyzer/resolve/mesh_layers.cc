// The mesh layer of each call whose caller runs a sidecar (or is a gateway, or
// is in Istio ambient and calls a service with a waypoint):
// VirtualService retries per route, Istio's implicit default where no retries
// block or no VirtualService applies, and the retry budget of the callee's
// DestinationRule or EnvoyFilter. Semantics: reference/mesh.md sections 1-3.
#include "analyzer/resolve/mesh_layers.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include "analyzer/base/strings.h"
#include "analyzer/base/threads.h"
#include "analyzer/resolve/gateway_api_layers.h"
#include "analyzer/resolve/resolve_context.h"
#include "analyzer/resolve/worst_layer.h"

namespace ampcheck {
namespace {

// Envoy's retry back-off when Istio sets none: 25 ms base, 10x cap, full
// jitter.
Backoff EnvoyDefaultBackoff(std::optional<Millis> base) {
  Millis b = base.value_or(25);
  return Backoff{b, b * 10, true, std::nullopt, std::nullopt};
}

// Split once per distinct text: every call without a VirtualService shares
// the default list, and a fleet has few distinct ones.
const std::vector<std::string>& RetryOnList(const std::string& text) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<std::string>> parsed;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = parsed.try_emplace(text);
  if (inserted) {
    for (const std::string& token : Split(text, ',')) {
      if (!Trim(token).empty()) it->second.push_back(Trim(token));
    }
  }
  return it->second;
}

// The policy a route runs with when it has no retries block.
Layer DefaultPolicyLayer(const ResolveContext& c, const std::string& why) {
  Layer layer;
  layer.kind = LayerKind::kMesh;
  const auto& mesh = c.mesh_config;
  if (mesh && mesh->default_http_retry_policy) {
    const RetryPolicyFact& p = *mesh->default_http_retry_policy;
    long long attempts = p.attempts.value_or(0);
    layer.tries = Tries::FromRetries(static_cast<uint64_t>(attempts));
    layer.provenance = Provenance::kExplicit;
    layer.origin = "MeshConfig defaultHttpRetryPolicy";
    layer.shared = true;
    layer.detail = "defaultHttpRetryPolicy attempts " +
                   std::to_string(attempts) +
                   " (retries) = " + layer.tries.ToString() + " tries, " + why;
    layer.location = p.location;
    layer.per_try_timeout = p.per_try_timeout;
    layer.retry_on =
        RetryOnList(p.retry_on.value_or(DefaultRetryOn(c.version)));
    layer.backoff = EnvoyDefaultBackoff(p.backoff);
    return layer;
  }
  int retries = DefaultRetries(c.version);
  layer.tries = Tries::FromRetries(static_cast<uint64_t>(retries));
  layer.provenance = Provenance::kMeshDefault;
  layer.origin = "Istio default, " + why;
  layer.detail =
      "Istio " + c.version.ToString() + " default: " + std::to_string(retries) +
      " retries = " + layer.tries.ToString() + " tries (" + why + ")";
  layer.retry_on = RetryOnList(DefaultRetryOn(c.version));
  layer.backoff = EnvoyDefaultBackoff(std::nullopt);
  return layer;
}

// The layer one route produces; tries = 1 + attempts (the proto: "maximum
// possible number of requests made will be 1 + attempts").
Layer RouteLayer(const ResolveContext& c, const VirtualServiceFact& vs,
                 const HttpRouteFact& route) {
  Layer layer;
  if (!route.retries) {
    layer = DefaultPolicyLayer(c, "no retries block");
    if (!layer.location.known()) layer.location = route.location;
  } else {
    const RetryPolicyFact& r = *route.retries;
    long long attempts = r.attempts.value_or(0);
    layer.kind = LayerKind::kMesh;
    layer.tries = Tries::FromRetries(static_cast<uint64_t>(attempts));
    layer.provenance = Provenance::kExplicit;
    layer.origin = "VirtualService " + vs.name;
    layer.detail = attempts == 0 ? "VirtualService " + vs.name +
                                       ": attempts 0 (retries disabled)"
                                 : "VirtualService " + vs.name + ": attempts " +
                                       std::to_string(attempts);
    layer.location = r.location;
    layer.per_try_timeout = r.per_try_timeout;
    // A retries block without retryOn inherits the default list.
    layer.retry_on =
        RetryOnList(r.retry_on.value_or(DefaultRetryOn(c.version)));
    layer.backoff = EnvoyDefaultBackoff(r.backoff);
  }
  layer.methods = route.methods;
  layer.total_timeout = route.timeout;
  if (layer.total_timeout == 0)
    layer.total_timeout.reset();  // 0 disables the timeout
  return layer;
}

std::string RouteSummary(const HttpRouteFact& route, const Layer& layer) {
  std::string text =
      "route " + route.name + ": " + layer.tries.ToString() + " tries";
  if (!route.retries) text += " (no retries block)";
  if (!route.methods.empty()) text += ", methods " + Join(route.methods, ",");
  if (layer.per_try_timeout)
    text += ", perTryTimeout " + FormatDuration(*layer.per_try_timeout);
  if (layer.total_timeout)
    text += ", timeout " + FormatDuration(*layer.total_timeout);
  return text;
}

// Istio resources by the service they apply to, so that each call looks at
// its own resources only (resolve stays linear in the fleet's size).
struct MeshIndex {
  std::map<int, std::vector<const VirtualServiceFact*>>
      mesh_routes;  // by callee
  std::map<std::string, std::vector<const VirtualServiceFact*>>
      gateway_routes;  // by gateway key
  std::map<int, std::vector<const DestinationRuleFact*>>
      rules;  // by host service
  std::map<int, std::vector<const EnvoyFilterFact*>>
      filters;  // by cluster service

  explicit MeshIndex(const ResolveContext& c) {
    WildcardHosts<VirtualServiceFact> wildcard_routes;
    WildcardHosts<DestinationRuleFact> wildcard_rules;
    for (const VirtualServiceFact& vs : c.virtual_services) {
      bool mesh_bound = vs.gateways.empty() ||
                        std::find(vs.gateways.begin(), vs.gateways.end(),
                                  "mesh") != vs.gateways.end();
      std::set<int> callees;
      for (const std::string& host : vs.hosts) {
        if (StartsWith(host, "*")) {
          if (mesh_bound) wildcard_routes.push_back({host.substr(1), &vs});
          continue;
        }
        int callee = c.ResolveHost(host, vs.ns);
        if (mesh_bound && callee >= 0 && callees.insert(callee).second) {
          mesh_routes[callee].push_back(&vs);
        }
      }
      for (const std::string& g : vs.gateways) {
        if (g == "mesh") continue;
        gateway_routes[g.find('/') == std::string::npos ? vs.ns + "/" + g : g]
            .push_back(&vs);
      }
    }
    for (const DestinationRuleFact& dr : c.destination_rules) {
      if (StartsWith(dr.host, "*")) {
        wildcard_rules.push_back({dr.host.substr(1), &dr});
        continue;
      }
      int service = c.ResolveHost(dr.host, dr.ns);
      if (service >= 0) rules[service].push_back(&dr);
    }
    AddWildcardMatches(c, wildcard_routes, &mesh_routes);
    AddWildcardMatches(c, wildcard_rules, &rules);
    for (const EnvoyFilterFact& ef : c.envoy_filters) {
      int service = c.ResolveHost(ef.service, ef.ns);
      if (service >= 0) filters[service].push_back(&ef);
    }
  }

  // Resources whose host is a wildcard ("*.shop.svc.cluster.local", "*"),
  // with the suffix after the '*'.
  template <typename Resource>
  using WildcardHosts = std::vector<std::pair<std::string, const Resource*>>;

  // Istio applies the most specific host: a resource naming the service
  // exactly wins over any wildcard, and a longer wildcard suffix over a
  // shorter one. Wildcards match the service's fully qualified name.
  template <typename Resource>
  static void AddWildcardMatches(
      const ResolveContext& c, const WildcardHosts<Resource>& wildcards,
      std::map<int, std::vector<const Resource*>>* by_service) {
    if (wildcards.empty()) return;
    for (size_t s = 0; s < c.model.services.size(); ++s) {
      const Service& service = c.model.services[s];
      if (service.is_gateway || by_service->count(static_cast<int>(s)))
        continue;
      std::string fqdn = service.name + "." + service.ns + ".svc.cluster.local";
      size_t longest = 0;
      std::vector<const Resource*> best;
      for (const auto& [suffix, resource] : wildcards) {
        if (!EndsWith(fqdn, suffix) || suffix.size() < longest) continue;
        if (suffix.size() > longest) best.clear();
        longest = suffix.size();
        best.push_back(resource);
      }
      if (!best.empty()) (*by_service)[static_cast<int>(s)] = std::move(best);
    }
  }

  template <typename T>
  static const std::vector<T>& Get(const std::map<int, std::vector<T>>& map,
                                   int key) {
    static const std::vector<T> empty;
    auto it = map.find(key);
    return it == map.end() ? empty : it->second;
  }
};

bool RoutesTo(const HttpRouteFact& route, int callee,
              const VirtualServiceFact& vs, const ResolveContext& c) {
  for (const RouteDestinationFact& d : route.destinations) {
    if (c.ResolveHost(d.host, vs.ns) == callee) return true;
  }
  return false;
}

// Worst case over the routes that may carry the call; each route's values
// stay in the evidence.
std::optional<Layer> VirtualServiceLayer(const ResolveContext& c,
                                         const MeshIndex& index, int caller,
                                         int callee, std::string* subset) {
  const Service& from = c.model.services[caller];
  std::optional<Layer> worst;
  static const std::vector<const VirtualServiceFact*> none;
  auto gateway = index.gateway_routes.find(from.Key());
  const std::vector<const VirtualServiceFact*>& candidates =
      from.is_gateway
          ? (gateway == index.gateway_routes.end() ? none : gateway->second)
          : MeshIndex::Get(index.mesh_routes, callee);
  for (const VirtualServiceFact* vs_pointer : candidates) {
    const VirtualServiceFact& vs = *vs_pointer;
    std::vector<Evidence> routes;
    for (const HttpRouteFact& route : vs.routes) {
      if (from.is_gateway && !RoutesTo(route, callee, vs, c)) continue;
      Layer layer = RouteLayer(c, vs, route);
      routes.push_back({route.location, RouteSummary(route, layer)});
      if (!worst || WorseLayer(layer, *worst)) {
        worst = layer;
        *subset =
            route.destinations.empty() ? "" : route.destinations.front().subset;
      }
    }
    if (worst) {
      worst->evidence.insert(worst->evidence.end(), routes.begin(),
                             routes.end());
    }
  }
  if (worst && worst->evidence.size() > 1) {
    worst->detail += WorstOfSuffix(worst->evidence.size(), "routes");
  }
  return worst;
}

// Retry budget: DestinationRule retryBudget (1.27+; subset and port-level
// precedence) or an EnvoyFilter on the callee's cluster.
void ApplyBudget(ResolveContext* c, const MeshIndex& index,
                 const GatewayApiBudgets& gateway_api_budgets, const Call& call,
                 const std::string& subset, Layer* layer) {
  int port = c->CallPort(call.from, call.to);
  for (const DestinationRuleFact* rule : MeshIndex::Get(index.rules, call.to)) {
    const DestinationRuleFact& dr = *rule;
    std::optional<TrafficPolicyFact> policy = dr.policy;
    std::string where = "DestinationRule " + dr.name;
    for (const auto& [name, subset_policy] : dr.subsets) {
      if (name != subset || !subset_policy) continue;
      if (SubsetPolicyDropsBudget(c->version) && policy && policy->has_budget) {
        layer->evidence.push_back({subset_policy->location,
                                   where + ": subset " + name +
                                       " has its own trafficPolicy; Istio " +
                                       c->version.ToString() +
                                       " drops the retry budget (fixed 1.30)"});
        policy.reset();
      } else if (subset_policy->has_budget) {
        policy = subset_policy;
        where += " subset " + name;
      }
    }
    for (const auto& [number, port_policy] : dr.port_level) {
      if (port != 0 && number == port) {
        // A matching portLevelSettings entry replaces everything and has no
        // retryBudget field: the top-level budget is lost for this port.
        policy = port_policy;
        where += " port " + std::to_string(number);
      }
    }
    if (policy && policy->max_retries) {
      layer->max_concurrent_retries = policy->max_retries;
      layer->evidence.push_back(
          {policy->location, where + ": connectionPool.http.maxRetries " +
                                 std::to_string(*policy->max_retries) +
                                 " (concurrent retries, not tries)"});
    }
    if (!policy || !policy->has_budget) continue;
    if (!HasRetryBudgetField(c->version)) {
      c->Diagnose(policy->location, "DestinationRule " + dr.name +
                                        ": retryBudget needs Istio 1.27+; "
                                        "ignored for Istio " +
                                        c->version.ToString());
      continue;
    }
    layer->budget_percent =
        policy->budget_percent.value_or(DefaultBudgetPercent(c->version));
    layer->budget_location = policy->location;
    layer->evidence.push_back(
        {policy->location, where + ": retryBudget " +
                               FormatFactor(*layer->budget_percent) + "%" +
                               (policy->budget_percent ? "" : " (default)")});
  }
  for (const EnvoyFilterFact* filter : MeshIndex::Get(index.filters, call.to)) {
    const EnvoyFilterFact& ef = *filter;
    if (!ef.budget_percent) continue;
    if (ef.operation == "MERGE") {
      c->Diagnose(ef.location,
                  "EnvoyFilter " + ef.name +
                      ": a MERGE of circuit_breakers appends a "
                      "second threshold that Envoy ignores (istio#27419); use "
                      "MERGE_AND_REPLACE_LIST (1.31+) or the DestinationRule "
                      "retryBudget");
      continue;
    }
    if (ef.operation == "MERGE_AND_REPLACE_LIST" &&
        !HasMergeAndReplaceList(c->version)) {
      c->Diagnose(ef.location, "EnvoyFilter " + ef.name +
                                   ": MERGE_AND_REPLACE_LIST needs Istio "
                                   "1.31+; ignored for Istio " +
                                   c->version.ToString());
      continue;
    }
    layer->budget_percent = *ef.budget_percent;
    layer->budget_location = ef.location;
    layer->evidence.push_back(
        {ef.location, "EnvoyFilter " + ef.name + ": retry_budget " +
                          FormatFactor(*ef.budget_percent) + "%"});
  }
  ApplyGatewayApiBudget(c, gateway_api_budgets, call, layer);
}

}  // namespace

Layer IstioDefaultPolicyLayer(const ResolveContext& c, const std::string& why) {
  return DefaultPolicyLayer(c, why);
}

Backoff EnvoyRetryBackoff(std::optional<Millis> base) {
  return EnvoyDefaultBackoff(base);
}

namespace {

// The Istio layer of one call, or a note saying why it has none. Reads the
// context and writes only this call (and diagnostics, which are locked).
void AddIstioLayer(ResolveContext* c, const MeshIndex& index,
                   const GatewayApiRoutes& gateway_api,
                   const AmbientWaypoints& waypoints,
                   const GatewayApiBudgets& gateway_api_budgets, Call& call) {
  const Service& caller = c->model.services[call.from];
  if (!caller.in_mesh || caller.mesh == "linkerd" || caller.mesh == "kuma")
    return;
  if (c->model.services[call.to].tcp_only) {
    call.notes.push_back(
        "no mesh retry layer: " + c->model.services[call.to].protocol_evidence +
        "; Istio's HTTP retry policies do not apply to TCP");
    return;
  }
  if (const Service& callee = c->model.services[call.to];
      callee.external && callee.ns.empty()) {
    call.notes.push_back(
        "no mesh retry layer: " + callee.name +
        " is a host outside the cluster; the sidecar's route to a host "
        "no ServiceEntry declares is not modelled");
    return;
  }
  // Ambient: only a waypoint retries HTTP (ambient_layers.cc).
  std::optional<Evidence> waypoint;
  if (caller.mesh == "istio-ambient") {
    waypoint = waypoints.Of(call.to);
    if (!waypoint) {
      call.notes.push_back(
          "no mesh retry layer: " + c->model.services[call.to].name +
          " uses no waypoint; ztunnel (Istio ambient) is L4 and retries no "
          "HTTP request");
      return;
    }
  }
  std::string subset;
  std::optional<Layer> layer =
      VirtualServiceLayer(*c, index, call.from, call.to, &subset);
  if (!layer) layer = gateway_api.IstioLayer(*c, call);
  if (!layer) {
    layer = DefaultPolicyLayer(
        *c, "no VirtualService for " + c->model.services[call.to].name);
  }
  if (waypoint) {
    layer->detail += ", applied by " + waypoint->detail;
    layer->evidence.push_back(*waypoint);
  }
  ApplyBudget(c, index, gateway_api_budgets, call, subset, &*layer);
  call.layers.push_back(std::move(*layer));
}

}  // namespace

void AddMeshLayers(ResolveContext* c) {
  AddLinkerdLayers(c);
  AddKumaLayers(c);
  MeshIndex index(*c);
  GatewayApiRoutes gateway_api(*c);
  AmbientWaypoints waypoints(*c);
  GatewayApiBudgets gateway_api_budgets(*c);
  // Each call's layer depends on the indexes and its own call only: a
  // cluster's calls are worked through in blocks on the resolve threads.
  std::vector<Call>& calls = c->model.calls;
  ParallelForBlocks(calls.size(), 512, 8, c->threads,
                    [&](size_t begin, size_t end) {
                      for (size_t i = begin; i < end; ++i)
                        AddIstioLayer(c, index, gateway_api, waypoints,
                                      gateway_api_budgets, calls[i]);
                    });
}

}  // namespace ampcheck
