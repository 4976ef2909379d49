#include "analyzer/cli/docs_directory.h"

#include <cstdlib>

#include "analyzer/base/paths.h"
#include "analyzer/extract/rules_directory.h"

namespace ampcheck {

std::vector<std::string> CheckDocsCandidates(
    const std::string& executable, const std::string& environment_value) {
  if (!environment_value.empty()) return {environment_value};
  if (executable.empty()) return {};
  std::string prefix = ParentPath(ParentPath(executable));
  if (prefix.empty()) prefix.assign(1, '/');
  return {JoinPath(prefix, "share/ampcheck/docs/checks"),
          JoinPath(prefix, "docs/checks")};
}

std::string FindCheckPage(const FileSystem& fs,
                          const std::vector<std::string>& candidates,
                          const std::string& id) {
  for (const std::string& dir : candidates) {
    std::string page = JoinPath(dir, id + ".md");
    if (fs.Stat(page).type == FileStatus::Type::kFile) return page;
  }
  return "";
}

std::vector<std::string> ProcessCheckDocsCandidates() {
  const char* value = std::getenv("AMPCHECK_DOCS_DIR");
  return CheckDocsCandidates(ExecutablePath(), value ? value : "");
}

}  // namespace ampcheck
