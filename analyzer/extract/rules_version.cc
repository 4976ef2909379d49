#include "analyzer/extract/rules_version.h"

#include <algorithm>
#include <vector>

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"
#include "analyzer/facts/content_hash.h"

namespace ampcheck {
namespace {

constexpr int kMaxDepth = 8;  // rules/<language>/...: far deeper is a loop

bool CollectYaml(const FileSystem& fs, const std::string& dir,
                 const std::string& relative, int depth,
                 std::vector<std::string>* out) {
  std::vector<DirectoryEntry> entries;
  std::string error;
  if (depth > kMaxDepth || !fs.ListDirectory(dir, &entries, &error))
    return false;
  for (const DirectoryEntry& entry : entries) {
    std::string path = JoinPath(dir, entry.name);
    std::string rel = JoinPath(relative, entry.name);
    FileStatus status = fs.Stat(path);
    if (status.type == FileStatus::Type::kDirectory) {
      if (!CollectYaml(fs, path, rel, depth + 1, out)) return false;
    } else if (status.type == FileStatus::Type::kFile &&
               EndsWith(entry.name, ".yaml")) {
      out->push_back(rel);
    }
  }
  return true;
}

}  // namespace

RulesVersion ComputeRulesVersion(const FileSystem& fs, const std::string& dir) {
  RulesVersion version;
  std::vector<std::string> files;
  if (!CollectYaml(fs, dir, "", 0, &files)) return version;
  std::sort(files.begin(), files.end());
  Sha256 digest;
  for (const std::string& file : files) {
    std::string content, error;
    if (!fs.ReadFile(JoinPath(dir, file), 64ull << 20, &content, &error))
      return version;
    digest.Update(file);
    digest.Update(std::string_view("\0", 1));
    digest.Update(content);
    digest.Update(std::string_view("\0", 1));
  }
  version.files = static_cast<int>(files.size());
  version.sha256 = digest.HexDigest();
  return version;
}

std::string DescribeRulesVersion(const RulesVersion& version) {
  if (version.sha256.empty()) return "unreadable";
  return std::to_string(version.files) + " files, sha256 " +
         version.sha256.substr(0, 12);
}

}  // namespace ampcheck
