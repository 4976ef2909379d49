// Where the rules shipped with ampcheck live: found from the binary's own
// location, so that an installed or copied tree keeps its rules, never from a
// path compiled in.
#ifndef AMPCHECK_EXTRACT_RULES_DIRECTORY_H_
#define AMPCHECK_EXTRACT_RULES_DIRECTORY_H_

#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"

namespace ampcheck {

// The directories tried, in order: $AMPCHECK_RULES_DIR when set (an explicit
// choice wins), else <bin>/../share/ampcheck/rules (cmake --install), else
// <bin>/../rules (a build directory inside the checkout: build/ampcheck).
std::vector<std::string> RulesDirectoryCandidates(
    const std::string& executable, const std::string& environment_value);

// The first candidate holding schema.yaml; "" when none does.
std::string FindRulesDirectory(const FileSystem& fs,
                               const std::vector<std::string>& candidates);

// The path of the running binary (/proc/self/exe); "" when unknown.
std::string ExecutablePath();

// The rules directory of this process, looked up once; "" when none exists.
const std::string& ShippedRulesDirectory();

// "cannot find the rules shipped with ampcheck (looked in ...); ...": what to
// do when ShippedRulesDirectory() is "".
std::string MissingRulesMessage();

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_RULES_DIRECTORY_H_
