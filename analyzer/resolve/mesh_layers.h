// Istio's rules shared with the other readers whose routes Istio serves
// (Gateway API routes on Istio): its default retry policy and Envoy's
// retry back-off.
#ifndef AMPCHECK_RESOLVE_MESH_LAYERS_H_
#define AMPCHECK_RESOLVE_MESH_LAYERS_H_

#include <optional>
#include <string>

#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

// The policy an Istio route runs with when it has no retries block: the
// mesh config's defaultHttpRetryPolicy, else Istio's default for the
// version. `why` says which route lacked one.
Layer IstioDefaultPolicyLayer(const ResolveContext& c, const std::string& why);

// Envoy's retry back-off when the route sets none or only a base.
Backoff EnvoyRetryBackoff(std::optional<Millis> base);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_MESH_LAYERS_H_
