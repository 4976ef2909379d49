#include "analyzer/extract/registry.h"

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/extract/rules_directory.h"
#include "analyzer/extract/source/build_marker_extractor.h"
#include "analyzer/extract/source/source_extractors.h"

namespace ampcheck {

ExtractorSet BuildExtractors(const ExtractOptions& options,
                             std::vector<Diagnostic>* diagnostics) {
  ExtractorSet set;
  set.Add(std::make_unique<KubernetesExtractor>());
  set.Add(std::make_unique<BuildMarkerExtractor>());
  RegisterSourceExtractors(options, &set, diagnostics);
  return set;
}

std::string InstalledRulesDirectory() { return ShippedRulesDirectory(); }

}  // namespace ampcheck
