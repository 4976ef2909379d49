// Envoy bootstrap files (envoy.yaml, envoy.json, front-envoy.tmpl.yaml: any
// YAML or JSON document with static_resources): their routes are calls of
// the service the file is attributed to (envoy_config.h).
#ifndef AMPCHECK_EXTRACT_PROXIES_ENVOY_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_PROXIES_ENVOY_EXTRACTOR_H_

#include "analyzer/extract/extractor.h"

namespace ampcheck {

// The keys of a ConfigMap that hold an Envoy bootstrap: each is a config run
// by the workloads that mount the ConfigMap.
void ExtractEnvoyConfigMap(const ConfigMapFact& config_map,
                           const std::string& file, FileFacts* facts);

class EnvoyExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_PROXIES_ENVOY_EXTRACTOR_H_
