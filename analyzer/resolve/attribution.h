// Source file -> service: the policy file's sources[] first, then the nearest
// directory with a build marker (go.mod, pom.xml, package.json, ...) whose
// module name or directory name matches a service, workload or image name,
// case-insensitively, then the outermost directory named like a service.
#ifndef AMPCHECK_RESOLVE_ATTRIBUTION_H_
#define AMPCHECK_RESOLVE_ATTRIBUTION_H_

#include <map>
#include <string>
#include <vector>

#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

class Attribution {
 public:
  explicit Attribution(ResolveContext* context);
  // The service index a file belongs to, or -1.
  int ServiceOf(const std::string& file) const;

 private:
  int Match(const std::string& name) const;

  std::multimap<std::string, int> names_;
  std::map<std::string, std::vector<BuildMarkerFact>> markers_;
  std::vector<std::pair<std::string, int>> declared_;  // (path prefix, service)
};

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_ATTRIBUTION_H_
