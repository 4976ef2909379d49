#include "analyzer/cli/repository_prefix.h"

#include <filesystem>

#include "analyzer/discover/root_display.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

std::string Absolute(const std::string& path) {
  std::error_code error;
  fs::path absolute = fs::absolute(path.empty() ? "." : path, error);
  if (error) return "";
  std::string text = absolute.lexically_normal().generic_string();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

}  // namespace

std::string DisplayBase(const FileSystem& fs,
                        const std::vector<std::string>& inputs) {
  std::string base;
  bool first = true;
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::string here;
    if (inputs[i] == "-" ||
        fs.Stat(inputs[i]).type != FileStatus::Type::kDirectory) {
      here = Absolute("");  // files print as typed, from the current directory
    } else {
      std::string prefix = RootDisplayPrefix(inputs, i);
      fs::path dir = Absolute(inputs[i]);
      // Strip the display prefix's components off the directory.
      for (const auto& part : fs::path(prefix)) {
        if (!part.empty()) dir = dir.parent_path();
      }
      here = dir.generic_string();
    }
    if (first) {
      base = here;
      first = false;
    } else if (here != base) {
      return "";
    }
  }
  return base;
}

std::string RepositoryPrefix(const FileSystem& fs, const std::string& base) {
  if (base.empty()) return "";
  fs::path dir(base);
  while (true) {
    if (fs.Stat((dir / ".git").string()).type != FileStatus::Type::kMissing) {
      std::string relative =
          fs::path(base).lexically_relative(dir).generic_string();
      return relative == "." || relative.empty() ? "" : relative + "/";
    }
    if (dir == dir.root_path() || dir.empty()) return "";
    dir = dir.parent_path();
  }
}

}  // namespace ampcheck
