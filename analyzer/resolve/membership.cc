// Mesh membership: mesh defaults apply only where the caller runs a sidecar.
// Precedence (Istio's injector): the pod's sidecar.istio.io/inject annotation
// or label, then the namespace's istio-injection / istio.io/rev label, then
// the policy file's assumption. docker-compose services and Aspire resources
// run without sidecars. Linkerd, Kuma and Istio ambient are decided at the
// same two levels (mesh_membership.h); a service is in one mesh at most.
#include "analyzer/resolve/local_workloads.h"
#include "analyzer/resolve/mesh_membership.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {
namespace {

std::optional<bool> PodInjection(const WorkloadFact& w, std::string* why) {
  for (const auto* map : {&w.annotations, &w.labels}) {
    auto it = map->find("sidecar.istio.io/inject");
    if (it != map->end()) {
      *why = "pod " + std::string(map == &w.labels ? "label" : "annotation") +
             " sidecar.istio.io/inject=" + it->second + " (" +
             w.location.ToString() + ")";
      return it->second == "true";
    }
  }
  return std::nullopt;
}

std::optional<bool> NamespaceInjection(const NamespaceFact& n, std::string* why,
                                       std::string* mesh) {
  *mesh = "istio";
  auto injection = n.labels.find("istio-injection");
  if (injection != n.labels.end()) {
    *why = "namespace " + n.name +
           " label istio-injection=" + injection->second + " (" +
           n.location.ToString() + ")";
    return injection->second == "enabled";
  }
  auto rev = n.labels.find("istio.io/rev");
  if (rev != n.labels.end()) {
    *why = "namespace " + n.name + " label istio.io/rev=" + rev->second + " (" +
           n.location.ToString() + ")";
    return true;
  }
  if (auto other = OtherMeshOfNamespace(n)) {
    *why = other->why;
    *mesh = other->mesh;
    return other->in_mesh;
  }
  *why = "namespace " + n.name + " has no injection label (" +
         n.location.ToString() + ")";
  return false;
}

}  // namespace

void DecideMembership(ResolveContext* c) {
  // Pod-level decisions first: a workload's own annotation wins.
  std::map<int, MeshDecision> pod_decision;
  for (const WorkloadFact& w : c->workloads) {
    std::string why;
    if (auto local = LocalOrchestrator(w)) {
      pod_decision[c->workload_service[w.ns + "/" + w.name]] = {
          false, "",
          *local + " (" + w.location.ToString() +
              "): no sidecar, not in a mesh"};
      continue;
    }
    if (auto inject = PodInjection(w, &why)) {
      pod_decision[c->workload_service[w.ns + "/" + w.name]] = {*inject,
                                                                "istio", why};
    } else if (auto other = OtherMeshOfPod(w)) {
      pod_decision[c->workload_service[w.ns + "/" + w.name]] = *other;
    }
  }
  for (size_t i = 0; i < c->model.services.size(); ++i) {
    Service& s = c->model.services[i];
    if (s.is_gateway) continue;
    if (auto it = pod_decision.find(static_cast<int>(i));
        it != pod_decision.end()) {
      s.in_mesh = it->second.in_mesh;
      s.mesh = s.in_mesh ? it->second.mesh : "";
      s.membership = it->second.why;
      continue;
    }
    for (const DeclaredService& d : c->policy.services) {
      if ((d.ref == s.name || d.ref == s.Key()) && d.in_mesh) {
        s.in_mesh = *d.in_mesh;
        s.membership =
            "declared in_mesh: " + std::string(s.in_mesh ? "true" : "false") +
            " (" + d.location.ToString() + ")";
      }
    }
    if (!s.membership.empty()) continue;
    if (auto ns = c->namespaces.find(s.ns); ns != c->namespaces.end()) {
      std::string mesh;
      s.in_mesh = *NamespaceInjection(ns->second, &s.membership, &mesh);
      if (s.in_mesh) s.mesh = mesh;
      continue;
    }
    switch (c->policy.sidecars) {
      case SidecarAssumption::kAll:
        s.in_mesh = true;
        s.membership = "assumed: policy mesh.sidecars: all";
        break;
      case SidecarAssumption::kNone:
        s.in_mesh = false;
        s.membership = "assumed: policy mesh.sidecars: none";
        break;
      case SidecarAssumption::kAuto:
        s.in_mesh = c->any_istio_resource;
        s.membership = c->any_istio_resource
                           ? "assumed: namespace " + s.ns +
                                 " not in the inputs, Istio resources present "
                                 "(mesh.sidecars: auto)"
                           : "assumed: namespace " + s.ns +
                                 " not in the inputs, no Istio resources "
                                 "(mesh.sidecars: auto)";
        break;
    }
    c->Assume("namespace " + s.ns + ": " +
              (s.in_mesh ? "sidecars assumed" : "no sidecars assumed") +
              " (no Namespace manifest in the inputs; set mesh.sidecars in the "
              "policy file)");
  }
  // Ambient: whether calls into the service meet a waypoint.
  std::optional<AmbientWaypoints> waypoints;
  for (size_t i = 0; i < c->model.services.size(); ++i) {
    Service& s = c->model.services[i];
    if (s.mesh != "istio-ambient") continue;
    if (!waypoints) waypoints.emplace(*c);
    auto waypoint = waypoints->Of(static_cast<int>(i));
    s.membership += waypoint ? "; calls to it go through " + waypoint->detail
                             : "; no waypoint: ztunnel only (L4), no HTTP "
                               "retries on calls to it";
  }
}

}  // namespace ampcheck
