// Static proxy configs (Envoy bootstraps, envoy_config.h) as calls: the
// service that runs the proxy calls each route's upstream, with the route's
// layer. Who runs it: the workloads that mount the ConfigMap holding it, or
// the service its file is attributed to. A `${VAR}` address reads the
// caller's env. No mesh default is added here: Envoy without a retry_policy
// makes one try.
#ifndef AMPCHECK_RESOLVE_ENVOY_LAYERS_H_
#define AMPCHECK_RESOLVE_ENVOY_LAYERS_H_

#include <vector>

#include "analyzer/facts/facts.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

void AddProxyConfigCalls(const std::vector<FileFacts>& facts,
                         ResolveContext* context);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_ENVOY_LAYERS_H_
