// Where the check pages (docs/checks/<id>.md) shipped with ampcheck live,
// found as the rules are (rules_directory.h): from the binary's location.
#ifndef AMPCHECK_CLI_DOCS_DIRECTORY_H_
#define AMPCHECK_CLI_DOCS_DIRECTORY_H_

#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"

namespace ampcheck {

// The directories tried, in order: $AMPCHECK_DOCS_DIR when set, else
// <bin>/../share/ampcheck/docs/checks (cmake --install), else
// <bin>/../docs/checks (build/ampcheck inside the checkout).
std::vector<std::string> CheckDocsCandidates(
    const std::string& executable, const std::string& environment_value);

// The page of check `id` in the first candidate that holds it; "" when none.
std::string FindCheckPage(const FileSystem& fs,
                          const std::vector<std::string>& candidates,
                          const std::string& id);

// The candidates of this process ($AMPCHECK_DOCS_DIR, /proc/self/exe).
std::vector<std::string> ProcessCheckDocsCandidates();

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_DOCS_DIRECTORY_H_
