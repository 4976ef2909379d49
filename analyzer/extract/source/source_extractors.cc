#include "analyzer/extract/source/source_extractors.h"

#include "analyzer/base/strings.h"
#include "analyzer/extract/app_config/app_config_extractor.h"
#include "analyzer/extract/registry.h"
#include "analyzer/extract/source/grpc_service_config.h"
#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/rule_loader.h"

namespace ampcheck {

// Declarative rules from every rule directory the caller names (the scan
// passes the installed directory first, then the user's), compiled once for
// all source languages; then the application-config and gRPC service config
// extractors, which need no rules.
void RegisterSourceExtractors(const ExtractOptions& options, ExtractorSet* set,
                              std::vector<Diagnostic>* diagnostics) {
  std::vector<Rule> rules = LoadRules(options.rule_dirs, diagnostics);
  const std::string installed = InstalledRulesDirectory() + "/";
  for (Rule& rule : rules) {
    rule.compile_when_used =
        installed.size() > 1 && StartsWith(rule.file, installed);
  }
  if (!rules.empty())
    set->Add(std::make_unique<RuleEngine>(rules, diagnostics));
  set->Add(std::make_unique<AppConfigExtractor>());
  set->Add(std::make_unique<GrpcServiceConfigExtractor>());
}

}  // namespace ampcheck
