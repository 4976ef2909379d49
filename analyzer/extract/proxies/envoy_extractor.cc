#include "analyzer/extract/proxies/envoy_extractor.h"

#include "analyzer/extract/compose/compose_extractor.h"
#include "analyzer/extract/proxies/envoy_config.h"
#include "analyzer/extract/source/test_paths.h"

namespace ampcheck {

void ExtractEnvoyConfigMap(const ConfigMapFact& config_map,
                           const std::string& file, FileFacts* facts) {
  for (const ConfigMapEntry& entry : config_map.data) {
    if (entry.value.find("static_resources") == std::string::npos) continue;
    // A block value starts on the line after its key.
    std::vector<ProxyConfigFact> configs = ReadEnvoyConfigs(
        file, entry.value, entry.location.line + 1, true, &facts->diagnostics);
    for (ProxyConfigFact& config : configs) {
      config.config_map = config_map.name;
      config.ns = config_map.ns;
      config.key = entry.key;
      facts->proxy_configs.push_back(std::move(config));
    }
  }
}

bool EnvoyExtractor::Accepts(const SourceFile& file) const {
  return (file.language == "yaml" || file.language == "json") &&
         !IsComposeFile(file.path) && !IsTestPath(file.path);
}

void EnvoyExtractor::Extract(const SourceFile& file, FileFacts* facts) const {
  if (!Accepts(file)) return;
  if (file.content.find("static_resources") == std::string_view::npos) return;
  // The manifest reader reports a .yaml file's syntax errors; it skips JSON
  // that is not a Kubernetes object, so those are reported here.
  bool diagnose_syntax =
      file.language == "json" &&
      file.content.find("\"apiVersion\"") == std::string_view::npos;
  std::vector<ProxyConfigFact> configs = ReadEnvoyConfigs(
      file.path, file.content, 1, diagnose_syntax, &facts->diagnostics);
  if (configs.empty()) return;
  facts->kind = "envoy";
  for (ProxyConfigFact& config : configs)
    facts->proxy_configs.push_back(std::move(config));
}

}  // namespace ampcheck
