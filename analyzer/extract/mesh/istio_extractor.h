// Istio's resources in a manifest: VirtualService, DestinationRule,
// EnvoyFilter, Gateway, IstioOperator and the istio ConfigMap's mesh key.
#ifndef AMPCHECK_EXTRACT_MESH_ISTIO_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_MESH_ISTIO_EXTRACTOR_H_

#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/facts/facts.h"
#include "analyzer/yaml/node.h"

namespace ampcheck {

// Istio resources (networking.istio.io v1/v1beta1/v1alpha3, IstioOperator,
// the istio ConfigMap's mesh key). False when the manifest is not one.
bool ExtractIstioResource(const Manifest& manifest, FileFacts* facts);

// The mesh config text (the istio ConfigMap's "mesh" key) parsed as YAML.
void ExtractMeshConfig(const yaml::Node& mesh_config, const Manifest& manifest,
                       int line_offset, FileFacts* facts);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_MESH_ISTIO_EXTRACTOR_H_
