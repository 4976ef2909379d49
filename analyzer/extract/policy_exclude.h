// The policy's `exclude:` list (gitignore patterns of paths not to read),
// read on its own because discovery needs it before the policy is parsed as
// a whole; its other keys are parsed and diagnosed by ParsePolicy.
#ifndef AMPCHECK_EXTRACT_POLICY_EXCLUDE_H_
#define AMPCHECK_EXTRACT_POLICY_EXCLUDE_H_

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/facts/facts.h"

namespace ampcheck {

// The patterns; a list that is not a list of strings is a diagnostic with
// file and line.
std::vector<std::string> ParsePolicyExcludes(
    const std::string& file, std::string_view content,
    std::vector<Diagnostic>* diagnostics);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_POLICY_EXCLUDE_H_
