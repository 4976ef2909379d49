// Istio ambient: ztunnel carries an ambient pod's traffic at L4 and retries
// no HTTP request; a service that uses a waypoint (istio.io/use-waypoint on
// its Service, else on its namespace; "none" opts a Service out) gets the
// mesh's HTTP policy there, the default retry policy included since istio
// PR #60683 (reference/mesh.md section 7).
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {
namespace {

constexpr const char kUseWaypoint[] = "istio.io/use-waypoint";

std::string Value(const std::map<std::string, std::string>& labels,
                  const char* key) {
  auto it = labels.find(key);
  return it == labels.end() ? "" : it->second;
}

}  // namespace

AmbientWaypoints::AmbientWaypoints(const ResolveContext& context)
    : context_(context) {
  for (const ServiceFact& fact : context.k8s_services)
    services_[fact.ns + "/" + fact.name].push_back(&fact);
}

std::optional<Evidence> AmbientWaypoints::Of(int service) const {
  const ResolveContext& c = context_;
  const Service& s = c.model.services[service];
  if (auto named = services_.find(s.ns + "/" + s.name);
      named != services_.end()) {
    for (const ServiceFact* fact : named->second) {
      std::string waypoint = Value(fact->labels, kUseWaypoint);
      if (waypoint == "none") return std::nullopt;
      if (!waypoint.empty()) {
        return Evidence{fact->location,
                        "waypoint " + waypoint + " (Service " + fact->name +
                            " label " + kUseWaypoint + "=" + waypoint + ", " +
                            fact->location.ToString() + ")"};
      }
    }
  }
  auto ns = c.namespaces.find(s.ns);
  if (ns == c.namespaces.end()) return std::nullopt;
  std::string waypoint = Value(ns->second.labels, kUseWaypoint);
  if (waypoint.empty() || waypoint == "none") return std::nullopt;
  return Evidence{ns->second.location,
                  "waypoint " + waypoint + " (namespace " + s.ns + " label " +
                      kUseWaypoint + "=" + waypoint + ", " +
                      ns->second.location.ToString() + ")"};
}

}  // namespace ampcheck
