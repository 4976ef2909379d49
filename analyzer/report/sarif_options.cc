#include "analyzer/report/sarif_options.h"

#include <filesystem>

namespace ampcheck {

std::string ArtifactPath(const SarifOptions& options, const std::string& file) {
  if (!options.uri_prefix.empty()) {
    std::string prefix = options.uri_prefix;
    if (prefix.back() != '/') prefix += '/';
    return prefix + file;
  }
  if (options.repository_root.empty() || options.base_directory.empty())
    return file;
  namespace fs = std::filesystem;
  fs::path absolute =
      (fs::path(options.base_directory) / file).lexically_normal();
  std::string relative =
      absolute.lexically_relative(options.repository_root).generic_string();
  if (relative.empty() || relative.rfind("..", 0) == 0) return file;
  return relative;
}

}  // namespace ampcheck
