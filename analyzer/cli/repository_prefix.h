// SARIF and Code Quality name files relative to the repository root (the git
// toplevel: the nearest directory holding .git), while reports name them
// relative to the scanned directory: the prefix between the two.
#ifndef AMPCHECK_CLI_REPOSITORY_PREFIX_H_
#define AMPCHECK_CLI_REPOSITORY_PREFIX_H_

#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"

namespace ampcheck {

// The directory the output's paths are relative to, for these inputs: the
// scanned directory of a single input, the current directory for files, the
// common parent of several directories; "" when they disagree.
std::string DisplayBase(const FileSystem& fs,
                        const std::vector<std::string>& inputs);

// `base` relative to the nearest enclosing directory holding .git, with a
// trailing '/' ("" at the root, outside a repository, or for "" base).
// Both paths are absolute, lexically normal.
std::string RepositoryPrefix(const FileSystem& fs, const std::string& base);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_REPOSITORY_PREFIX_H_
