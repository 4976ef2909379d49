// Membership in the meshes other than Istio's sidecars: Linkerd
// (linkerd.io/inject), Kuma (kuma.io/sidecar-injection) and Istio ambient
// (istio.io/dataplane-mode). Sources: reference/mesh.md sections 4 and 7.
#ifndef AMPCHECK_RESOLVE_MESH_MEMBERSHIP_H_
#define AMPCHECK_RESOLVE_MESH_MEMBERSHIP_H_

#include <optional>
#include <string>
#include <vector>

#include "analyzer/facts/facts.h"

namespace ampcheck {

struct ResolveContext;

struct MeshDecision {
  bool in_mesh = false;
  std::string mesh;  // Service::mesh: "linkerd", "kuma", "istio-ambient"
  std::string why;
};

// What a workload's own annotations or labels say, when they say it.
std::optional<MeshDecision> OtherMeshOfPod(const WorkloadFact& workload);
// What a namespace's annotations or labels say, when they say it.
std::optional<MeshDecision> OtherMeshOfNamespace(const NamespaceFact& ns);

// The Kuma mesh each service's proxies join, by service index: kuma.io/mesh
// on its pod template (the first of its workloads that sets it) or
// namespace, else "default". Worked out for all at once: per call, a scan
// of the workloads made a Kuma cluster quadratic.
std::vector<std::string> KumaMeshes(const ResolveContext& context);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_MESH_MEMBERSHIP_H_
