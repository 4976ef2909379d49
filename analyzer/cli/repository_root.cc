#include "analyzer/cli/repository_root.h"

#include <filesystem>

namespace ampcheck {

namespace fs = std::filesystem;

std::string RepositoryRoot(const FileSystem& fs, const std::string& directory) {
  if (directory.empty()) return "";
  fs::path dir = fs::path(directory).lexically_normal();
  if (!dir.has_filename() && dir != dir.root_path()) dir = dir.parent_path();
  while (true) {
    if (fs.Stat((dir / ".git").string()).type != FileStatus::Type::kMissing)
      return dir.generic_string();
    if (dir == dir.root_path() || dir.empty()) return "";
    dir = dir.parent_path();
  }
}

std::string InputDirectory(const FileSystem& fs,
                           const std::vector<std::string>& inputs,
                           const std::string& working_directory) {
  for (const std::string& input : inputs) {
    if (input == "-" || fs.Stat(input).type != FileStatus::Type::kDirectory)
      continue;
    return (fs::path(working_directory) / input)
        .lexically_normal()
        .generic_string();
  }
  return working_directory;
}

}  // namespace ampcheck
