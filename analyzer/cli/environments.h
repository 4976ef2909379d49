// Alternative states of one fleet (per-environment trees such as
// deploy/staging and deploy/prod) analysed as separate graphs: each
// environment sees its own directory and every file that lies under no
// environment's directory (docs/inputs.md, "Environments").
#ifndef AMPCHECK_CLI_ENVIRONMENTS_H_
#define AMPCHECK_CLI_ENVIRONMENTS_H_

#include <string>
#include <vector>

#include "analyzer/cli/scan.h"
#include "analyzer/discover/discover.h"
#include "analyzer/extract/policy.h"

namespace ampcheck {

struct Environment {
  std::string name;       // unique; the directory's base name by default
  std::string directory;  // as given (--environment) or in the policy
  std::string absolute;   // normalized absolute path, for matching
  Location location;      // the policy entry; none for --environment
};

// The environments named on the command line (relative to the cwd) and in
// the policy (relative to the policy file's directory), in that order;
// a directory named twice counts once, a name taken twice gets the path.
std::vector<Environment> CollectEnvironments(
    const std::vector<std::string>& from_flags,
    const std::vector<EnvironmentSetting>& from_policy,
    const std::string& policy_directory);

// The files environment `index` analyses: all but those under another
// environment's directory (counted as skipped, "in another environment").
Discovery EnvironmentDiscovery(const Discovery& all,
                               const std::vector<Environment>& environments,
                               size_t index);

struct EnvironmentScan {
  Environment environment;  // empty name: no environments, the whole fleet
  ScanResult result;
};

// One scan per environment, or one scan of everything when there is none.
// Without environments, standard input is freed once extracted: pass options
// moved, not copied, for that.
std::vector<EnvironmentScan> RunEnvironmentScans(const FileSystem& fs,
                                                 ScanOptions options);

// The results of several scans as one, for the exit code: their findings,
// diagnostics and file counts together.
ScanResult CombinedForExit(const std::vector<EnvironmentScan>& scans);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_ENVIRONMENTS_H_
