// Kuma's retry and timeout policies (kuma.io/v1alpha1 MeshRetry and
// MeshTimeout, targetRef style) and Mesh resources, for the default policies
// a new mesh gets. Semantics: reference/mesh.md section 7.
#ifndef AMPCHECK_EXTRACT_MESH_KUMA_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_MESH_KUMA_EXTRACTOR_H_

#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

// MeshRetry, MeshTimeout or Mesh. False when the manifest is none of them.
bool ExtractKumaResource(const Manifest& manifest, FileFacts* facts);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_MESH_KUMA_EXTRACTOR_H_
