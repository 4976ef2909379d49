// The extractors a scan runs, in one place.
#ifndef AMPCHECK_EXTRACT_REGISTRY_H_
#define AMPCHECK_EXTRACT_REGISTRY_H_

#include <string>
#include <vector>

#include "analyzer/extract/extractor.h"

namespace ampcheck {

struct ExtractOptions {
  // Directories of declarative source rules: the installed rules first, then
  // the user's (--rules, policy file).
  std::vector<std::string> rule_dirs;
};

// Builds the extractors; problems loading rules become diagnostics.
ExtractorSet BuildExtractors(const ExtractOptions& options,
                             std::vector<Diagnostic>* diagnostics);

// The directory of the rules shipped with ampcheck (rules_directory.h); ""
// when it cannot be found.
std::string InstalledRulesDirectory();

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_REGISTRY_H_
