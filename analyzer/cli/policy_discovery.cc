#include "analyzer/cli/policy_discovery.h"

#include <filesystem>
#include <set>

#include "analyzer/base/paths.h"

namespace ampcheck {
namespace {

bool IsRepositoryRoot(const FileSystem& fs, const std::string& dir) {
  return fs.Stat(JoinPath(dir.empty() ? "." : dir, ".git")).type !=
         FileStatus::Type::kMissing;
}

std::string PolicyIn(const std::string& dir) {
  return JoinPath(dir, kPolicyFileName);
}

// The nearest policy file from `start` up to the repository root; "".
std::string NearestPolicy(const FileSystem& fs, const std::string& start,
                          int levels_above_cwd) {
  for (const std::string& dir :
       PolicySearchDirectories(start, levels_above_cwd)) {
    if (fs.Stat(PolicyIn(dir)).type == FileStatus::Type::kFile)
      return PolicyIn(dir);
    if (IsRepositoryRoot(fs, dir)) break;
  }
  return "";
}

std::string Normal(const std::string& path) {
  return std::filesystem::path(path).lexically_normal().generic_string();
}

}  // namespace

std::vector<std::string> PolicySearchDirectories(const std::string& start,
                                                 int levels_above_cwd) {
  std::string dir =
      std::filesystem::path(start).lexically_normal().generic_string();
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  if (dir == ".") dir = "";
  std::vector<std::string> dirs;
  bool absolute = !dir.empty() && dir[0] == '/';
  // Down to the current directory ("") or the root ("/").
  while (true) {
    dirs.push_back(dir);
    if (dir.empty() || dir == "/") break;
    if (dir == ".." || (dir.size() > 3 && dir.rfind("../", 0) == 0 &&
                        dir.find_first_not_of("./") == std::string::npos)) {
      break;  // already above the current directory
    }
    std::string parent = ParentPath(dir);
    dir = absolute && parent.empty() ? "/" : parent;
  }
  if (absolute) return dirs;
  // Above the current directory: "..", "../..", as far as the root.
  std::string up = dirs.back();
  int levels = 0;
  for (char c : up) levels += c == '/' ? 1 : 0;
  levels = up.empty() ? 0 : levels + 1;
  for (; levels < levels_above_cwd; ++levels) {
    up = up.empty() ? ".." : up + "/..";
    dirs.push_back(up);
  }
  return dirs;
}

PolicyDiscovery DiscoverPolicy(const FileSystem& fs, const std::string& chosen,
                               const std::vector<std::string>& starts,
                               const std::vector<std::string>& nested,
                               int levels_above_cwd) {
  PolicyDiscovery out;
  out.path = chosen;
  std::set<std::string> reported = {Normal(chosen)};
  for (const std::string& start :
       chosen.empty() ? starts : std::vector<std::string>{}) {
    std::string found = NearestPolicy(fs, start, levels_above_cwd);
    if (found.empty()) continue;
    if (out.path.empty()) {
      out.path = found;
      reported.insert(Normal(found));
    } else if (reported.insert(Normal(found)).second) {
      out.diagnostics.push_back(
          {{found, 0},
           "policy file is not used: " + out.path +
               " applies to the whole run; pass --config to choose",
           Severity::kWarning});
    }
  }
  for (const std::string& file : nested) {
    if (!reported.insert(Normal(file)).second) continue;
    out.diagnostics.push_back(
        {{file, 0},
         "nested policy file is not used (one policy applies to the whole "
         "run); pass --config " +
             file + " to scan with it",
         Severity::kWarning});
  }
  return out;
}

int CurrentDirectoryDepth() {
  std::error_code error;
  std::filesystem::path cwd = std::filesystem::current_path(error);
  if (error) return 0;
  int depth = 0;
  for (const auto& part : cwd.relative_path()) depth += part.empty() ? 0 : 1;
  return depth;
}

}  // namespace ampcheck
