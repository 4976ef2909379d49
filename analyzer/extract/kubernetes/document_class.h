// What a parsed YAML document is: a Kubernetes resource, a list of them, a
// kustomize file, or YAML of another kind (CI workflows, compose files,
// release notes, Helm values), which is counted and never diagnosed.
#ifndef AMPCHECK_EXTRACT_KUBERNETES_DOCUMENT_CLASS_H_
#define AMPCHECK_EXTRACT_KUBERNETES_DOCUMENT_CLASS_H_

#include <string>
#include <string_view>

#include "analyzer/yaml/node.h"

namespace ampcheck {

enum class DocumentClass { kResource, kList, kKustomize, kOther };

// A resource has an apiVersion of the form "v1" or "group/v1beta1", a
// CamelCase kind and a metadata map; a list (kind: List, kubectl output) has
// the first two and an items sequence. Kustomization and Component
// (kustomize.config.k8s.io) need no metadata.
DocumentClass ClassifyDocument(const yaml::Node& root);

// kustomization.yaml, kustomization.yml or Kustomization, in any directory.
bool IsKustomizationFileName(std::string_view path);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_KUBERNETES_DOCUMENT_CLASS_H_
