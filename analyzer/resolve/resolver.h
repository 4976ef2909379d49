// resolve: facts -> model. Services, calls with their evidence, the ordered
// layers of each call with defaults applied and their provenance, mesh
// membership, and the declarations of the policy file and annotations.
#ifndef AMPCHECK_RESOLVE_RESOLVER_H_
#define AMPCHECK_RESOLVE_RESOLVER_H_

#include <string>
#include <vector>

#include "analyzer/facts/facts.h"
#include "analyzer/extract/policy.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

struct ResolveOptions {
  std::string istio_version;  // "" = the policy's, else the latest
};

Model Resolve(const std::vector<FileFacts>& facts, const Policy& policy,
              const ResolveOptions& options);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_RESOLVER_H_
