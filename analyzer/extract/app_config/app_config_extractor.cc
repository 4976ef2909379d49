#include "analyzer/extract/app_config/app_config_extractor.h"

#include "analyzer/extract/app_config/app_config.h"
#include "analyzer/extract/app_config/app_config_layers.h"
#include "analyzer/extract/source/test_paths.h"

namespace ampcheck {

bool AppConfigExtractor::Accepts(const SourceFile& file) const {
  return !AppConfigKind(file.path).empty() && !IsTestPath(file.path);
}

void AppConfigExtractor::Extract(const SourceFile& file,
                                 FileFacts* facts) const {
  if (!Accepts(file)) return;
  facts->kind = AppConfigKind(file.path);
  std::vector<ConfigPropertyFact> properties =
      ParseAppConfig(file.path, file.content, &facts->diagnostics);
  for (LayerFact& layer : LayersFromProperties(properties))
    facts->layers.push_back(std::move(layer));
  facts->properties.insert(facts->properties.end(), properties.begin(),
                           properties.end());
}

}  // namespace ampcheck
