// Linkerd's retry settings in manifests: the 2.16+ retry.linkerd.io and
// timeout.linkerd.io annotations of a Service, and ServiceProfile
// (linkerd.io/v1alpha2). Semantics: reference/mesh.md section 4.
#ifndef AMPCHECK_EXTRACT_MESH_LINKERD_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_MESH_LINKERD_EXTRACTOR_H_

#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

// The retry and timeout annotations of a Service, HTTPRoute or GRPCRoute
// manifest, when it has any; malformed values are warnings naming the
// annotation's line. A route's parentRefs and methods are the caller's to
// fill in (gateway_api_extractor.cc).
void ExtractLinkerdAnnotations(const Manifest& service, FileFacts* facts);

// A ServiceProfile. False when the manifest is not one.
bool ExtractLinkerdResource(const Manifest& manifest, FileFacts* facts);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_MESH_LINKERD_EXTRACTOR_H_
