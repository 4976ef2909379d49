// One Kubernetes resource being read: its identity and accessors.
#ifndef AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_H_
#define AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_H_

#include <string>

#include "analyzer/extract/kubernetes/yaml_documents.h"
#include "analyzer/facts/facts.h"
#include "analyzer/yaml/node.h"

namespace ampcheck {

// A child of a map node, or an undefined node; never throws or inserts.
yaml::Node Child(const yaml::Node& node, const std::string& key);

struct Manifest {
  yaml::Node root;
  const YamlView* view;
  std::string api_version;
  std::string kind;
  std::string name;
  std::string ns;  // "" when not set: resolved to the default namespace later

  Location at(const yaml::Node& node) const { return view->At(node); }
  Location location() const { return view->At(root); }
  // "VirtualService reviews (routing.yaml:3)": how diagnostics name it.
  std::string Label() const;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_H_
