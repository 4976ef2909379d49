#include "analyzer/extract/kubernetes/document_class.h"

#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {
namespace {

bool IsLowerAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

// "v1", "v1beta1", "v2alpha3": the Kubernetes API version form.
bool IsVersion(std::string_view text) {
  if (text.size() < 2 || text[0] != 'v' || text[1] < '1' || text[1] > '9')
    return false;
  for (char c : text.substr(1)) {
    if (!IsLowerAlnum(c)) return false;
  }
  return true;
}

// A DNS subdomain: lowercase labels separated by dots ("apps",
// "networking.istio.io").
bool IsGroup(std::string_view text) {
  if (text.empty() || text.front() == '.' || text.back() == '.') return false;
  for (char c : text) {
    if (!IsLowerAlnum(c) && c != '.' && c != '-') return false;
  }
  return true;
}

bool IsApiVersion(const std::string& text) {
  size_t slash = text.find('/');
  if (slash == std::string::npos) return IsVersion(text);
  std::string_view view(text);
  return IsGroup(view.substr(0, slash)) && IsVersion(view.substr(slash + 1));
}

bool IsCamelCaseKind(const std::string& text) {
  if (text.empty() || text[0] < 'A' || text[0] > 'Z') return false;
  for (char c : text) {
    bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 (c >= '0' && c <= '9');
    if (!alnum) return false;
  }
  return true;
}

}  // namespace

DocumentClass ClassifyDocument(const yaml::Node& root) {
  if (!root.IsMap()) return DocumentClass::kOther;
  std::string api_version = YamlView::String(root, "apiVersion");
  std::string kind = YamlView::String(root, "kind");
  if (!IsApiVersion(api_version) || !IsCamelCaseKind(kind))
    return DocumentClass::kOther;
  if (StartsWith(api_version, "kustomize.config.k8s.io/") &&
      (kind == "Kustomization" || kind == "Component")) {
    return DocumentClass::kKustomize;
  }
  if (EndsWith(kind, "List") && Child(root, "items").IsSequence())
    return DocumentClass::kList;
  if (!Child(root, "metadata").IsMap()) return DocumentClass::kOther;
  return DocumentClass::kResource;
}

bool IsKustomizationFileName(std::string_view path) {
  size_t slash = path.find_last_of('/');
  std::string_view base =
      slash == std::string_view::npos ? path : path.substr(slash + 1);
  return base == "kustomization.yaml" || base == "kustomization.yml" ||
         base == "Kustomization";
}

}  // namespace ampcheck
