// resolve: facts -> model. Services, calls with their evidence, the ordered
// layers of each call with defaults applied and their provenance, mesh
// membership, and the declarations of the policy file and annotations.
#ifndef AMPCHECK_RESOLVE_RESOLVER_H_
#define AMPCHECK_RESOLVE_RESOLVER_H_

#include <string>
#include <vector>

#include "analyzer/extract/policy.h"
#include "analyzer/facts/facts.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

struct ResolveOptions {
  std::string istio_version;  // "" = the policy's, else the latest
  int threads = 1;            // for the steps that work call by call
};

Model Resolve(const std::vector<FileFacts>& facts, const Policy& policy,
              const ResolveOptions& options);
// The same, moving what it keeps out of `facts` instead of copying it: a
// cluster dump's facts and their copies were both alive through resolve.
// `facts` is left valid but emptied of the resources it moved.
Model Resolve(std::vector<FileFacts>&& facts, const Policy& policy,
              const ResolveOptions& options);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_RESOLVER_H_
