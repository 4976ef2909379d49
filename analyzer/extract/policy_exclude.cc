#include "analyzer/extract/policy_exclude.h"

#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {

std::vector<std::string> ParsePolicyExcludes(
    const std::string& file, std::string_view content,
    std::vector<Diagnostic>* diagnostics) {
  std::vector<std::string> patterns;
  std::vector<Diagnostic> ignored;  // ParsePolicy reports a broken file
  std::vector<YamlDocument> docs = ParseYamlDocuments(file, content, &ignored);
  if (docs.empty()) return patterns;
  YamlView view(file, docs[0].first_line);
  yaml::Node exclude = Child(docs[0].root, "exclude");
  if (!exclude.IsDefined() || exclude.IsNull()) return patterns;
  if (!exclude.IsSequence()) {
    diagnostics->push_back({view.At(exclude),
                            "policy: exclude must be a list of gitignore "
                            "patterns",
                            Severity::kError});
    return patterns;
  }
  for (const yaml::Node& item : exclude) {
    std::optional<std::string> pattern = YamlView::Scalar(item);
    if (pattern && !pattern->empty()) {
      patterns.push_back(*pattern);
    } else {
      diagnostics->push_back({view.At(item),
                              "policy: exclude[] must be a pattern (string)",
                              Severity::kError});
    }
  }
  return patterns;
}

}  // namespace ampcheck
