// Which .ampcheck.yaml a run uses when --config is not given: the first one
// found in a scanned directory or its parents up to the repository root (the
// directory holding .git); for standard input and single files, the current
// directory and its parents. One policy applies to the whole run: another
// one found for another input, or nested under a scanned directory, is
// reported as not used, never read as a manifest.
#ifndef AMPCHECK_CLI_POLICY_DISCOVERY_H_
#define AMPCHECK_CLI_POLICY_DISCOVERY_H_

#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

inline constexpr const char* kPolicyFileName = ".ampcheck.yaml";

// The directories searched from `start` ("" = the current directory), nearest
// first: start, its parents, and for a relative path up to `levels_above_cwd`
// levels above the current directory ("..", "../.."), so that the file
// prints as the user would type it.
std::vector<std::string> PolicySearchDirectories(const std::string& start,
                                                 int levels_above_cwd);

struct PolicyDiscovery {
  std::string path;                     // "" when none was found
  std::vector<Diagnostic> diagnostics;  // policies found but not used
};

// `chosen`: --config ("" = search). `starts`: one search start per input, in
// input order. `nested`: policy files discovery met inside the scanned
// directories.
PolicyDiscovery DiscoverPolicy(const FileSystem& fs, const std::string& chosen,
                               const std::vector<std::string>& starts,
                               const std::vector<std::string>& nested,
                               int levels_above_cwd);

// How many directories the current directory is below the file system root.
int CurrentDirectoryDepth();

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_POLICY_DISCOVERY_H_
