// Workloads declared for local orchestration (docker-compose services, .NET
// Aspire AppHost resources): services of their own when no Kubernetes
// manifest names them, and never in a mesh (neither runs sidecars).
#ifndef AMPCHECK_RESOLVE_LOCAL_WORKLOADS_H_
#define AMPCHECK_RESOLVE_LOCAL_WORKLOADS_H_

#include <optional>
#include <string>

#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

// "docker-compose service", "Aspire AppHost resource", or nullopt for a
// Kubernetes workload.
std::optional<std::string> LocalOrchestrator(const WorkloadFact& workload);

// Drops the local workloads that a Kubernetes workload or Service of the same
// name describes (the manifests win: they are what runs in the cluster), with
// one note per file naming them.
void DropShadowedLocalWorkloads(ResolveContext* context);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_LOCAL_WORKLOADS_H_
