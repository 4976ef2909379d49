// Source file -> service: the policy file's sources[] first, then the nearest
// directory with a build marker (go.mod, pom.xml, package.json, ...) whose
// module name or directory name matches a service, workload or image name,
// case-insensitively, then the outermost directory named like a service.
// Code of a shared project goes to the services whose projects reference it.
#ifndef AMPCHECK_RESOLVE_ATTRIBUTION_H_
#define AMPCHECK_RESOLVE_ATTRIBUTION_H_

#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

class Attribution {
 public:
  explicit Attribution(ResolveContext* context);
  // The service index a file belongs to, or -1.
  int ServiceOf(const std::string& file) const;

  // A file of a shared project (attributed to no service) is code of every
  // service whose project references it, directly or through other shared
  // projects: (service, "shared project src/X, referenced by
  // src/Y/Y.csproj") for each.
  std::vector<std::pair<int, std::string>> UsersOf(
      const std::string& file) const;

 private:
  void IndexReferences();

  int Match(const std::string& name) const;
  // Fills names_ on the first Match: a cluster given as manifests alone
  // never asks, and its tens of thousands of names are not indexed three
  // times per run for nothing.
  void IndexNames() const;

  const ResolveContext& context_;
  size_t services_at_start_;
  // Lower-case service, workload and image names -> the first service (by
  // index) with that name.
  mutable std::unordered_map<std::string, int> names_;
  mutable std::once_flag names_indexed_;
  std::map<std::string, std::vector<BuildMarkerFact>> markers_;
  std::vector<std::pair<std::string, int>> declared_;  // (path prefix, service)
  // Shared project directory -> (service, evidence) of its users.
  std::map<std::string, std::vector<std::pair<int, std::string>>> users_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_ATTRIBUTION_H_
