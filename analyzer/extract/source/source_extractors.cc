#include "analyzer/extract/source/source_extractors.h"

#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/rule_loader.h"

namespace ampcheck {

// Declarative rules from every rule directory (installed first, then the
// user's), compiled once for all source languages.
void RegisterSourceExtractors(const ExtractOptions& options, ExtractorSet* set,
                              std::vector<Diagnostic>* diagnostics) {
  std::vector<std::string> directories = options.rule_dirs;
  if (directories.empty()) directories.push_back(InstalledRulesDirectory());
  std::vector<Rule> rules = LoadRules(directories, diagnostics);
  if (!rules.empty())
    set->Add(std::make_unique<RuleEngine>(rules, diagnostics));
}

}  // namespace ampcheck
