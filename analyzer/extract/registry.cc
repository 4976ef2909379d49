#include "analyzer/extract/registry.h"

#include "analyzer/extract/aspire/aspire_app_host.h"
#include "analyzer/extract/compose/compose_extractor.h"
#include "analyzer/extract/compose/dockerfile_extractor.h"
#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/extract/proxies/envoy_extractor.h"
#include "analyzer/extract/proxies/nginx_extractor.h"
#include "analyzer/extract/rules_directory.h"
#include "analyzer/extract/source/build_marker_extractor.h"
#include "analyzer/extract/source/source_extractors.h"

namespace ampcheck {

ExtractorSet BuildExtractors(const ExtractOptions& options,
                             std::vector<Diagnostic>* diagnostics) {
  ExtractorSet set;
  set.Add(std::make_unique<KubernetesExtractor>());
  set.Add(std::make_unique<BuildMarkerExtractor>());
  set.Add(std::make_unique<ComposeExtractor>());
  set.Add(std::make_unique<DockerfileExtractor>());
  set.Add(std::make_unique<NginxExtractor>());
  set.Add(std::make_unique<EnvoyExtractor>());
  set.Add(std::make_unique<AspireAppHostExtractor>());
  RegisterSourceExtractors(options, &set, diagnostics);
  return set;
}

std::string InstalledRulesDirectory() { return ShippedRulesDirectory(); }

}  // namespace ampcheck
