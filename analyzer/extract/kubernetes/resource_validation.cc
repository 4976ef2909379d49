#include "analyzer/extract/kubernetes/resource_validation.h"

#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {

void ResourceValidation::Reject(const yaml::Node& node,
                                const std::string& what) {
  errors_.push_back({manifest_.at(node),
                     manifest_.Label() + ": " + what + "; resource ignored (" +
                         rejected_by_ + ")",
                     Severity::kError});
}

std::optional<Millis> ResourceValidation::Duration(const yaml::Node& node,
                                                   const std::string& field) {
  if (!node.IsDefined() || node.IsNull()) return std::nullopt;
  auto text = YamlView::Scalar(node);
  auto ms = text ? ParseDuration(*text) : std::nullopt;
  if (!ms)
    Reject(node, field + " is not a duration: '" +
                     text.value_or("<not a scalar>") + "'");
  return ms;
}

std::optional<long long> ResourceValidation::Count(const yaml::Node& node,
                                                   const std::string& field,
                                                   long long minimum) {
  if (!node.IsDefined() || node.IsNull()) return std::nullopt;
  long long n;
  auto text = YamlView::Scalar(node);
  if (!text || !ParseInt(*text, &n)) {
    Reject(node, field + " is not an integer: '" +
                     text.value_or("<not a scalar>") + "'");
    return std::nullopt;
  }
  if (n < minimum) {
    Reject(node, field + " must be >= " + std::to_string(minimum) + ", got " +
                     std::to_string(n));
    return std::nullopt;
  }
  return n;
}

bool ResourceValidation::Flush(FileFacts* facts) {
  const bool clean = errors_.empty();
  facts->diagnostics.insert(facts->diagnostics.end(), errors_.begin(),
                            errors_.end());
  errors_.clear();
  return clean;
}

}  // namespace ampcheck
