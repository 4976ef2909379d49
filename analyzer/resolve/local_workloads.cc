#include "analyzer/resolve/local_workloads.h"

#include <algorithm>
#include <map>
#include <set>

#include "analyzer/base/strings.h"
#include "analyzer/extract/aspire/aspire_app_host.h"
#include "analyzer/extract/compose/compose_extractor.h"

namespace ampcheck {

std::optional<std::string> LocalOrchestrator(const WorkloadFact& workload) {
  if (workload.kind == kComposeServiceKind) return "docker-compose service";
  if (workload.kind == kAspireResourceKind) return "Aspire AppHost resource";
  return std::nullopt;
}

void DropShadowedLocalWorkloads(ResolveContext* c) {
  std::set<std::string> kubernetes;
  for (const WorkloadFact& w : c->workloads) {
    if (!LocalOrchestrator(w)) kubernetes.insert(ToLower(w.name));
  }
  for (const ServiceFact& s : c->k8s_services)
    kubernetes.insert(ToLower(s.name));
  std::map<std::string, std::vector<std::string>> dropped;  // file -> names
  auto shadowed = [&](const WorkloadFact& w) {
    if (!LocalOrchestrator(w) || !kubernetes.count(ToLower(w.name)))
      return false;
    dropped[w.location.file].push_back(w.name);
    return true;
  };
  c->workloads.erase(
      std::remove_if(c->workloads.begin(), c->workloads.end(), shadowed),
      c->workloads.end());
  for (const auto& [file, names] : dropped) {
    c->Diagnose({file, 0},
                std::to_string(names.size()) + " service" +
                    (names.size() == 1 ? "" : "s") + " (" + Join(names, ", ") +
                    ") also declared by Kubernetes manifests: the manifests "
                    "are used, this file's definitions of them are not",
                Severity::kNote);
  }
}

}  // namespace ampcheck
