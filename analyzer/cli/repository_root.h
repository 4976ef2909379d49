// SARIF and Code Quality name files relative to the repository root (the git
// toplevel: the nearest directory holding .git), while reports name them as
// typed, from the working directory.
#ifndef AMPCHECK_CLI_REPOSITORY_ROOT_H_
#define AMPCHECK_CLI_REPOSITORY_ROOT_H_

#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"

namespace ampcheck {

// The nearest directory at or above `directory` (absolute) holding .git,
// lexically normal; "" outside a repository.
std::string RepositoryRoot(const FileSystem& fs, const std::string& directory);

// The directory whose repository the inputs are in: the first directory
// input, else the working directory; absolute.
std::string InputDirectory(const FileSystem& fs,
                           const std::vector<std::string>& inputs,
                           const std::string& working_directory);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_REPOSITORY_ROOT_H_
