// Linkerd's mesh layer: the outbound proxy of a meshed caller retries, as the
// callee's ServiceProfile says, else as the retry.linkerd.io annotations of
// the HTTPRoutes and GRPCRoutes attached to its Service, else as the
// Service's own say (2.16+; a ServiceProfile makes Linkerd ignore them).
// Linkerd has no default retries: a callee with neither gets no layer.
// Semantics: reference/mesh.md section 4.
#include <algorithm>
#include <unordered_map>

#include "analyzer/base/strings.h"
#include "analyzer/resolve/resolve_context.h"
#include "analyzer/resolve/worst_layer.h"

namespace ampcheck {
namespace {

// Linkerd's retry back-off, fixed: 25 ms to 250 ms.
constexpr Millis kBackoffBase = 25;
constexpr Millis kBackoffCap = 250;

// retryBudget defaults when the block is absent; a budget with a ttl outside
// 1s..60s is dropped.
constexpr double kDefaultRetryRatio = 0.2;
constexpr double kDefaultMinRetriesPerSecond = 10;
constexpr Millis kDefaultTtl = 10000;

// Tries from the annotations: 1 + limit, where the limit is 1 when any retry
// annotation is present without it, and "0" is also read as 1 (linkerd2
// PR #12888; reference/mesh.md section 4).
uint64_t AnnotationRetries(const LinkerdRetryFact& fact) {
  long long limit = fact.limit.value_or(1);
  return limit == 0 ? 1 : static_cast<uint64_t>(limit);
}

std::optional<Evidence> Annotation(const LinkerdRetryFact& fact,
                                   const std::string& key) {
  for (const Evidence& e : fact.annotations) {
    if (StartsWith(e.detail, key + ":")) return e;
  }
  return std::nullopt;
}

Layer AnnotationLayer(const LinkerdRetryFact& fact) {
  Layer layer;
  layer.kind = LayerKind::kMesh;
  layer.provenance = Provenance::kExplicit;
  layer.origin = "Linkerd annotations on " + fact.kind + " " + fact.name;
  layer.evidence = fact.annotations;
  layer.total_timeout = fact.request_timeout;
  if (!fact.retries) {
    layer.timeout_only = true;
    layer.detail = "timeout.linkerd.io/request " +
                   FormatDuration(*fact.request_timeout) +
                   " covers all tries; no retry.linkerd.io annotation, no "
                   "retries (Linkerd has no default retries)";
    layer.location = fact.location;
    return layer;
  }
  uint64_t retries = AnnotationRetries(fact);
  layer.tries = Tries::FromRetries(retries);
  std::optional<Evidence> limit = Annotation(fact, "retry.linkerd.io/limit");
  layer.location = limit && fact.limit ? limit->location : fact.location;
  std::string count = layer.tries.ToString() + " tries";
  if (!fact.limit) {
    layer.detail =
        "retry.linkerd.io annotations without a limit: Linkerd's "
        "default of 1 retry = " +
        count;
  } else if (*fact.limit == 0) {
    layer.detail =
        "retry.linkerd.io/limit 0, read by Linkerd as 1 retry = " + count;
  } else {
    layer.detail = "retry.linkerd.io/limit " + std::to_string(*fact.limit) +
                   " (retries) = " + count;
  }
  layer.detail += " (" + fact.kind + " " + fact.name + ")";
  layer.per_try_timeout = fact.per_try_timeout;
  layer.retry_on = fact.http;
  layer.retry_on.insert(layer.retry_on.end(), fact.grpc.begin(),
                        fact.grpc.end());
  layer.backoff = Backoff{kBackoffBase, kBackoffCap, std::nullopt, std::nullopt,
                          std::nullopt};
  return layer;
}

// A ServiceProfile sets no per-request limit: a request is retried while the
// budget allows, so its tries are unbounded and the budget bounds the load.
// Budget: retries per ttl window <= minRetriesPerSecond x ttl + retryRatio x
// non-retried requests; the ratio is the layer's budget percent (the floor
// of minRetriesPerSecond is not a percent and is named in the detail).
std::optional<Layer> ProfileLayer(ResolveContext* c,
                                  const ServiceProfileFact& p) {
  std::vector<const ServiceProfileRouteFact*> retryable;
  for (const ServiceProfileRouteFact& route : p.routes) {
    if (route.retryable) retryable.push_back(&route);
  }
  if (retryable.empty()) return std::nullopt;
  Layer layer;
  layer.kind = LayerKind::kMesh;
  layer.provenance = Provenance::kExplicit;
  layer.origin = "ServiceProfile " + p.name;
  layer.tries = Tries::Unbounded();
  layer.location = retryable.front()->location;
  layer.retry_on = {"5xx"};  // failure-classified responses, by default
  bool every_method_known = true;
  std::optional<Millis> longest_timeout;
  bool every_timeout_known = true;
  std::vector<std::string> names;
  for (const ServiceProfileRouteFact* route : retryable) {
    names.push_back(route->name.empty() ? "(unnamed)" : route->name);
    layer.evidence.push_back(
        {route->location,
         "route " + route->name + ": isRetryable" +
             (route->method.empty() ? "" : ", method " + route->method) +
             (route->timeout ? ", timeout " + FormatDuration(*route->timeout)
                             : "")});
    if (route->method.empty()) {
      every_method_known = false;
    } else if (std::find(layer.methods.begin(), layer.methods.end(),
                         route->method) == layer.methods.end()) {
      layer.methods.push_back(route->method);
    }
    if (!route->timeout) every_timeout_known = false;
    if (route->timeout &&
        (!longest_timeout || *route->timeout > *longest_timeout))
      longest_timeout = route->timeout;
  }
  if (!every_method_known) layer.methods.clear();
  if (every_timeout_known) layer.total_timeout = longest_timeout;
  double ratio = kDefaultRetryRatio;
  double floor = kDefaultMinRetriesPerSecond;
  Millis ttl = kDefaultTtl;
  std::string written = " (Linkerd's defaults, no retryBudget block)";
  if (p.has_budget_block) {
    ratio = p.retry_ratio;
    floor = p.min_retries_per_second;
    ttl = p.ttl.value_or(0);
    written = "";
  }
  layer.detail = "ServiceProfile " + p.name + ": route" +
                 (names.size() == 1 ? " " : "s ") + Join(names, ", ") +
                 " isRetryable, no per-request retry limit";
  if (ttl < 1000 || ttl > 60000) {
    c->Diagnose(p.budget_location,
                "ServiceProfile " + p.name + ": retryBudget.ttl " +
                    FormatDuration(ttl) +
                    " is outside 1s..60s; Linkerd drops the budget",
                Severity::kWarning);
    layer.detail += "; retryBudget dropped (ttl outside 1s..60s)";
    return layer;
  }
  layer.budget_percent = ratio * 100;
  layer.budget_location = p.has_budget_block ? p.budget_location : p.location;
  layer.detail += "; bounded by retryBudget retryRatio " + FormatFactor(ratio) +
                  ", minRetriesPerSecond " + FormatFactor(floor) + ", ttl " +
                  FormatDuration(ttl) + written +
                  ": retries per ttl <= minRetriesPerSecond x ttl + "
                  "retryRatio x requests";
  return layer;
}

// ServiceProfiles and Service retry annotations by the service they name,
// looked up per call: scanned per call, a cluster's were quadratic.
class LinkerdIndex {
 public:
  explicit LinkerdIndex(const ResolveContext& c) {
    for (const ServiceProfileFact& p : c.service_profiles) {
      // Keyed by each "<name>.<ns>.svc." the profile's name starts with.
      for (size_t at = p.name.find(".svc."); at != std::string::npos;
           at = p.name.find(".svc.", at + 1))
        profiles_[p.name.substr(0, at + 5)].push_back(&p);
    }
    for (const LinkerdRetryFact& fact : c.linkerd_retries) {
      if (fact.kind == "Service")
        annotations_.try_emplace(fact.ns + "/" + fact.name, &fact);
      // A route's: the last written wins.
      route_annotations_[fact.kind + "/" + fact.ns + "/" + fact.name] = &fact;
    }
    for (const GatewayApiFact& route : c.gateway_api) {
      if (route.kind != "HTTPRoute" && route.kind != "GRPCRoute") continue;
      for (const GatewayApiRefFact& ref : route.refs) {
        if ((!ref.group.empty() && ref.group != "core") ||
            ref.kind != "Service")
          continue;
        int service =
            c.FindService(ref.ns.empty() ? route.ns : ref.ns, ref.name);
        if (service < 0) continue;
        std::vector<const GatewayApiFact*>& list = routes_[service];
        if (list.empty() || list.back() != &route) list.push_back(&route);
      }
    }
  }

  // The HTTPRoutes and GRPCRoutes with a parentRef naming `service`, in
  // input order (the port is checked per call).
  const std::vector<const GatewayApiFact*>& RoutesOf(int service) const {
    static const std::vector<const GatewayApiFact*> none;
    auto it = routes_.find(service);
    return it == routes_.end() ? none : it->second;
  }

  // The retry annotations on a route, if any.
  const LinkerdRetryFact* RouteAnnotations(const GatewayApiFact& route) const {
    auto it =
        route_annotations_.find(route.kind + "/" + route.ns + "/" + route.name);
    return it == route_annotations_.end() ? nullptr : it->second;
  }

  // The profile for calls from `caller` to `callee`: one in the caller's
  // namespace (client-side) wins over the callee's own.
  const ServiceProfileFact* Profile(const ResolveContext& c, int caller,
                                    int callee) const {
    const Service& to = c.model.services[callee];
    auto named = profiles_.find(to.name + "." + to.ns + ".svc.");
    if (named == profiles_.end()) return nullptr;
    const ServiceProfileFact* found = nullptr;
    for (const ServiceProfileFact* p : named->second) {
      if (p->ns == c.model.services[caller].ns) return p;
      if (p->ns == to.ns) found = p;
    }
    return found;
  }

  // The first Service retry annotations of the callee, if any.
  const LinkerdRetryFact* Annotations(const ResolveContext& c,
                                      int callee) const {
    const Service& to = c.model.services[callee];
    auto it = annotations_.find(to.ns + "/" + to.name);
    return it == annotations_.end() ? nullptr : it->second;
  }

 private:
  std::unordered_map<std::string, std::vector<const ServiceProfileFact*>>
      profiles_;
  std::unordered_map<std::string, const LinkerdRetryFact*> annotations_;
  std::unordered_map<std::string, const LinkerdRetryFact*> route_annotations_;
  std::unordered_map<int, std::vector<const GatewayApiFact*>> routes_;
};

// A route carries calls from `caller` to `callee` when a parentRef names the
// callee Service (group "" or Linkerd's "core") and the route is the
// Service's own (its namespace) or the caller's (a consumer route, which
// wins there), as GAMMA defines.
struct AttachedRoute {
  const GatewayApiFact* route;
  const LinkerdRetryFact* annotations;  // nullptr: none
};

// A parentRef with a port governs the traffic to that port only; a call
// whose port is unknown may be to any.
bool ParentIs(const ResolveContext& c, const std::string& route_ns,
              const std::vector<GatewayApiRefFact>& parents, int callee,
              int port) {
  for (const GatewayApiRefFact& ref : parents) {
    if ((ref.group.empty() || ref.group == "core") && ref.kind == "Service" &&
        (ref.port == 0 || port == 0 || ref.port == port) &&
        c.FindService(ref.ns.empty() ? route_ns : ref.ns, ref.name) == callee)
      return true;
  }
  return false;
}

std::vector<AttachedRoute> AttachedRoutes(const ResolveContext& c,
                                          const LinkerdIndex& index, int caller,
                                          int callee) {
  const std::string& service_ns = c.model.services[callee].ns;
  const std::string& caller_ns = c.model.services[caller].ns;
  int port = c.CallPort(caller, callee);
  std::vector<AttachedRoute> producer, consumer;
  for (const GatewayApiFact* candidate : index.RoutesOf(callee)) {
    const GatewayApiFact& route = *candidate;
    if (!ParentIs(c, route.ns, route.refs, callee, port)) continue;
    AttachedRoute attached{&route, index.RouteAnnotations(route)};
    if (route.ns == service_ns) {
      producer.push_back(attached);
    } else if (route.ns == caller_ns) {
      consumer.push_back(attached);
    }
  }
  return consumer.empty() ? producer : consumer;
}

// The layer of one route. Its retry annotations, when it has any, replace
// all of the Service's (linkerd/website 2.16+ reference/retries.md: "If any
// retry configuration annotations are present on a route resource, they
// override all retry configuration annotations on the parent Service");
// without them the Service's apply. timeout.linkerd.io/request likewise.
// A GRPCRoute carries gRPC only, which is an HTTP/2 POST.
std::optional<Layer> RouteLayer(const AttachedRoute& attached,
                                const LinkerdRetryFact* service) {
  const GatewayApiFact& route = *attached.route;
  const LinkerdRetryFact* own = attached.annotations;
  std::string name = route.kind + " " + route.name;
  std::optional<Layer> layer;
  if (own && own->retries) {
    layer = AnnotationLayer(*own);
    if (service && service->retries) {
      layer->detail +=
          "; replaces the retry annotations of Service " + service->name;
    }
    if (!own->request_timeout && service && service->request_timeout)
      layer->total_timeout = service->request_timeout;
  } else if (service && service->retries) {
    layer = AnnotationLayer(*service);
    layer->detail += "; " + name + " has no retry annotation, so the " +
                     "Service's apply to its traffic";
    if (own && own->request_timeout) {
      layer->total_timeout = own->request_timeout;
      layer->evidence.insert(layer->evidence.end(), own->annotations.begin(),
                             own->annotations.end());
    }
  } else if (own && own->request_timeout) {
    layer = AnnotationLayer(*own);  // a timeout only
  } else {
    return std::nullopt;
  }
  if (route.kind == "GRPCRoute") {
    layer->methods = {"POST"};
  } else if (own && own->retries) {
    layer->methods = own->methods;
  }
  return layer;
}

// Worst case over the routes that may carry the call, each route's values
// in the evidence, as for the rules of a Gateway API route.
std::optional<Layer> WorstRouteLayer(const std::vector<AttachedRoute>& routes,
                                     const LinkerdRetryFact* service) {
  std::optional<Layer> worst;
  std::vector<Evidence> summaries;
  for (const AttachedRoute& attached : routes) {
    std::optional<Layer> layer = RouteLayer(attached, service);
    if (!layer) continue;
    summaries.push_back(
        {attached.route->location,
         attached.route->kind + " " + attached.route->name + ": " +
             (layer->timeout_only ? "no retries"
                                  : layer->tries.ToString() + " tries")});
    if (!worst || WorseLayer(*layer, *worst)) worst = std::move(layer);
  }
  if (worst && summaries.size() > 1) {
    worst->detail += WorstOfSuffix(summaries.size(), "routes");
    worst->evidence.insert(worst->evidence.end(), summaries.begin(),
                           summaries.end());
  }
  return worst;
}

}  // namespace

void AddLinkerdLayers(ResolveContext* c) {
  const LinkerdIndex index(*c);
  for (Call& call : c->model.calls) {
    const Service& caller = c->model.services[call.from];
    if (!caller.in_mesh || caller.mesh != "linkerd") continue;
    const Service& callee = c->model.services[call.to];
    if (callee.external && callee.ns.empty()) {
      call.notes.push_back("no mesh retry layer: " + callee.name +
                           " is a host outside the cluster; Linkerd retries "
                           "only calls to Services it has a route for");
      continue;
    }
    if (const ServiceProfileFact* p = index.Profile(*c, call.from, call.to)) {
      // A ServiceProfile makes Linkerd ignore every retry annotation, on
      // the Service and on its routes.
      if (std::optional<Layer> layer = ProfileLayer(c, *p)) {
        call.layers.push_back(std::move(*layer));
      } else {
        call.notes.push_back("no mesh retry layer: ServiceProfile " + p->name +
                             " (" + p->location.ToString() +
                             ") has no isRetryable route");
      }
      if (index.Annotations(*c, call.to)) {
        call.notes.push_back("retry.linkerd.io annotations on Service " +
                             callee.name +
                             " ignored: a ServiceProfile "
                             "exists (Linkerd)");
      }
      continue;
    }
    const LinkerdRetryFact* service = index.Annotations(*c, call.to);
    std::vector<AttachedRoute> routes =
        AttachedRoutes(*c, index, call.from, call.to);
    if (!routes.empty()) {
      if (std::optional<Layer> layer = WorstRouteLayer(routes, service)) {
        call.layers.push_back(std::move(*layer));
      } else {
        call.notes.push_back("no mesh retry layer: the routes attached to " +
                             callee.name +
                             " and the Service have no retry.linkerd.io "
                             "annotation; Linkerd has no default retries");
      }
      continue;
    }
    if (service && (service->retries || service->request_timeout)) {
      call.layers.push_back(AnnotationLayer(*service));
      continue;
    }
    call.notes.push_back(
        "no mesh retry layer: no retry.linkerd.io annotation or ServiceProfile "
        "for " +
        callee.name + "; Linkerd has no default retries");
  }
}

}  // namespace ampcheck
