// Loads rule files from rule directories, validating each against
// rules/schema.yaml. Problems become diagnostics naming the file and line.
#ifndef AMPCHECK_EXTRACT_SOURCE_RULE_LOADER_H_
#define AMPCHECK_EXTRACT_SOURCE_RULE_LOADER_H_

#include <string>
#include <vector>

#include "analyzer/facts/facts.h"
#include "analyzer/extract/source/rule.h"
#include "analyzer/extract/source/rule_schema.h"

namespace ampcheck {

// Parses one rule document (already read from `path`). False, with
// diagnostics, when the rule is invalid.
bool ParseRule(const RuleSchema& schema, const std::string& path,
               const std::string& text, Rule* rule,
               std::vector<Diagnostic>* diagnostics);

// Every *.yaml under each directory (schema.yaml excepted), in order; a
// later rule with the same id replaces an earlier one (a user overriding an
// installed rule).
std::vector<Rule> LoadRules(const std::vector<std::string>& directories,
                            std::vector<Diagnostic>* diagnostics);

// rules/schema.yaml of the installed rules.
const RuleSchema& InstalledRuleSchema();

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_RULE_LOADER_H_
