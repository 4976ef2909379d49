// The validation a resource's API server (or controller) would apply, as
// diagnostics: each error names the resource, the field and who rejects it,
// and a resource with any error is dropped, as the cluster would refuse it.
#ifndef AMPCHECK_EXTRACT_KUBERNETES_RESOURCE_VALIDATION_H_
#define AMPCHECK_EXTRACT_KUBERNETES_RESOURCE_VALIDATION_H_

#include <optional>
#include <string>
#include <vector>

#include "analyzer/base/duration.h"
#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/facts/facts.h"
#include "analyzer/yaml/node.h"

namespace ampcheck {

class ResourceValidation {
 public:
  // `rejected_by` completes "resource ignored (...)": "Istio rejects it".
  ResourceValidation(const Manifest& manifest, std::string rejected_by)
      : manifest_(manifest), rejected_by_(std::move(rejected_by)) {}

  void Reject(const yaml::Node& node, const std::string& what);
  // A duration field, or nullopt when absent or rejected.
  std::optional<Millis> Duration(const yaml::Node& node,
                                 const std::string& field);
  // An integer field of at least `minimum`, or nullopt when absent or
  // rejected.
  std::optional<long long> Count(const yaml::Node& node,
                                 const std::string& field, long long minimum);
  // Moves the errors into `facts`; true when there were none.
  bool Flush(FileFacts* facts);
  const Manifest& manifest() const { return manifest_; }

 private:
  const Manifest& manifest_;
  std::string rejected_by_;
  std::vector<Diagnostic> errors_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_KUBERNETES_RESOURCE_VALIDATION_H_
