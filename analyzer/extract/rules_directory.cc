#include "analyzer/extract/rules_directory.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

std::string EnvironmentRulesDirectory() {
  const char* value = std::getenv("AMPCHECK_RULES_DIR");
  return value ? value : "";
}

std::vector<std::string> ProcessCandidates() {
  return RulesDirectoryCandidates(ExecutablePath(),
                                  EnvironmentRulesDirectory());
}

}  // namespace

std::vector<std::string> RulesDirectoryCandidates(
    const std::string& executable, const std::string& environment_value) {
  if (!environment_value.empty()) return {environment_value};
  std::vector<std::string> candidates;
  if (executable.empty()) return candidates;
  std::string prefix = ParentPath(ParentPath(executable));
  if (prefix.empty()) prefix = "/";
  candidates.push_back(JoinPath(prefix, "share/ampcheck/rules"));
  candidates.push_back(JoinPath(prefix, "rules"));
  return candidates;
}

std::string FindRulesDirectory(const FileSystem& fs,
                               const std::vector<std::string>& candidates) {
  for (const std::string& dir : candidates) {
    if (fs.Stat(JoinPath(dir, "schema.yaml")).type == FileStatus::Type::kFile)
      return dir;
  }
  return "";
}

std::string ExecutablePath() {
  std::error_code error;
  std::filesystem::path path =
      std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? "" : path.string();
}

const std::string& ShippedRulesDirectory() {
  static const std::string* dir = [] {
    DiskFileSystem fs;
    return new std::string(FindRulesDirectory(fs, ProcessCandidates()));
  }();
  return *dir;
}

std::string MissingRulesMessage() {
  std::vector<std::string> candidates = ProcessCandidates();
  std::string looked = candidates.empty() ? "the binary's location is unknown"
                                          : "looked for schema.yaml in " +
                                                Join(candidates, ", ");
  return "cannot find the rules shipped with ampcheck (" + looked +
         "); install with cmake --install, set AMPCHECK_RULES_DIR, or pass "
         "--no-default-rules";
}

}  // namespace ampcheck
