// One Kubernetes resource being read: its identity and accessors.
#ifndef AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_H_
#define AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_H_

#include <yaml-cpp/yaml.h>

#include <string>

#include "analyzer/facts/facts.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {

// A child of a map node, or an undefined node; never throws or inserts.
YAML::Node Child(const YAML::Node& node, const std::string& key);

struct Manifest {
  YAML::Node root;
  const YamlView* view;
  std::string api_version;
  std::string kind;
  std::string name;
  std::string ns;  // "" when not set: resolved to the default namespace later

  Location at(const YAML::Node& node) const { return view->At(node); }
  Location location() const { return view->At(root); }
  // "VirtualService reviews (routing.yaml:3)": how diagnostics name it.
  std::string Label() const;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_H_
