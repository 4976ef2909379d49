// Kubernetes Gateway API resources (gateway.networking.k8s.io HTTPRoute,
// GRPCRoute, Gateway, GatewayClass) and Envoy Gateway's BackendTrafficPolicy:
// the routes a gateway or a mesh applies, their retry and timeout fields, and
// which implementation serves them.
#ifndef AMPCHECK_EXTRACT_MESH_GATEWAY_API_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_MESH_GATEWAY_API_EXTRACTOR_H_

#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

// False when the manifest is none of those kinds. A resource the API
// server's schema would reject (attempts "three", a negative count, a
// duration that is none) is reported with its line and ignored whole.
bool ExtractGatewayApiResource(const Manifest& manifest, FileFacts* facts);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_MESH_GATEWAY_API_EXTRACTOR_H_
