#include "analyzer/discover/discover.h"

#include <algorithm>
#include <set>

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// Trees that belong to someone else or to a build: their retries are not the
// service's own configuration.
const std::set<std::string>& VendoredDirectories() {
  static const std::set<std::string> names = {".git",
                                              ".hg",
                                              ".svn",
                                              "vendor",
                                              "node_modules",
                                              "third_party",
                                              "bower_components",
                                              "__pycache__",
                                              ".venv",
                                              "venv",
                                              ".tox",
                                              ".gradle",
                                              ".idea",
                                              "target",
                                              "bin",
                                              "obj"};
  return names;
}

bool IsGeneratedFile(const std::string& name) {
  return EndsWith(name, ".pb.go") || EndsWith(name, ".pb.cc") ||
         EndsWith(name, ".pb.h") || StartsWith(name, "zz_generated") ||
         EndsWith(name, "_pb2.py") || EndsWith(name, "_pb2_grpc.py") ||
         EndsWith(name, ".min.js") || EndsWith(name, ".g.cs") ||
         EndsWith(name, ".Designer.cs") || EndsWith(name, ".generated.ts");
}

class Walker {
 public:
  Walker(const FileSystem& fs, const DiscoveryOptions& options, Discovery* out)
      : fs_(fs), options_(options), out_(out) {}

  void WalkDirectory(const std::string& path, const std::string& display,
                     int depth, std::set<std::string>* ancestors) {
    FileStatus status = fs_.Stat(path);
    if (depth > options_.max_depth) {
      Diagnose(display, "directory nesting deeper than " +
                            std::to_string(options_.max_depth) +
                            " levels; not descended");
      return;
    }
    if (!ancestors->insert(status.identity).second) {
      Diagnose(display,
               "symlink loop: directory already being scanned; not descended");
      return;
    }
    std::vector<DirectoryEntry> entries;
    std::string error;
    if (!fs_.ListDirectory(path, &entries, &error)) {
      Diagnose(display, "cannot read directory: " + error);
      ancestors->erase(status.identity);
      return;
    }
    for (const DirectoryEntry& entry : entries) {
      std::string child = JoinPath(path, entry.name);
      std::string child_display = JoinPath(display, entry.name);
      FileStatus child_status = fs_.Stat(child);
      if (child_status.type == FileStatus::Type::kDirectory) {
        if (VendoredDirectories().count(entry.name)) {
          ++out_->skipped["vendored"];
          continue;
        }
        WalkDirectory(child, child_display, depth + 1, ancestors);
      } else if (child_status.type == FileStatus::Type::kFile) {
        AddFile(child, child_display, child_status);
      } else if (child_status.type == FileStatus::Type::kMissing &&
                 entry.is_symlink) {
        Diagnose(child_display, "broken or looping symlink; skipped");
      } else {
        ++out_->skipped["other type"];
      }
    }
    ancestors->erase(status.identity);
  }

  void AddFile(const std::string& path, const std::string& display,
               const FileStatus& status) {
    std::string name = BaseName(path);
    std::string language = ClassifyFile(name);
    if (language.empty()) {
      ++out_->skipped["other type"];
      return;
    }
    if (IsGeneratedFile(name)) {
      ++out_->skipped["generated"];
      return;
    }
    if (status.size > options_.max_file_bytes) {
      Diagnose(display, "file is " + std::to_string(status.size) +
                            " bytes, over the limit of " +
                            std::to_string(options_.max_file_bytes) +
                            " (--max-file-size); skipped");
      return;
    }
    out_->files.push_back(
        {path, display, language, status.size, std::nullopt, std::nullopt});
  }

  void Diagnose(const std::string& display, const std::string& message) {
    out_->diagnostics.push_back({{display, 0}, message, Severity::kError});
  }

 private:
  const FileSystem& fs_;
  const DiscoveryOptions& options_;
  Discovery* out_;
};

}  // namespace

std::string ClassifyFile(const std::string& name) {
  static const std::set<std::string> markers = {
      "go.mod",           "pom.xml",      "build.gradle",
      "build.gradle.kts", "package.json", "pyproject.toml",
      "requirements.txt", "setup.py",     "Dockerfile"};
  if (markers.count(name) || EndsWith(name, ".csproj")) return "marker";
  if (name == "Kustomization") return "yaml";  // kustomize's third spelling
  std::string lower = ToLower(name);
  if (EndsWith(lower, ".yaml") || EndsWith(lower, ".yml")) return "yaml";
  if (EndsWith(lower, ".json")) return "json";
  if (EndsWith(lower, ".properties")) return "properties";
  if (EndsWith(lower, ".go")) return "go";
  if (EndsWith(lower, ".java")) return "java";
  if (EndsWith(lower, ".kt") || EndsWith(lower, ".kts")) return "kotlin";
  if (EndsWith(lower, ".py")) return "python";
  if (EndsWith(lower, ".js") || EndsWith(lower, ".mjs") ||
      EndsWith(lower, ".cjs") || EndsWith(lower, ".jsx")) {
    return "javascript";
  }
  if (EndsWith(lower, ".ts") || EndsWith(lower, ".tsx") ||
      EndsWith(lower, ".mts")) {
    return "typescript";
  }
  if (EndsWith(lower, ".cs")) return "csharp";
  return "";
}

Discovery Discover(const FileSystem& fs, const std::vector<std::string>& inputs,
                   const DiscoveryOptions& options) {
  Discovery out;
  Walker walker(fs, options, &out);
  bool several = inputs.size() > 1;
  for (const std::string& input : inputs) {
    FileStatus status = fs.Stat(input);
    if (status.type == FileStatus::Type::kDirectory) {
      out.roots.push_back(input);
      std::set<std::string> ancestors;
      walker.WalkDirectory(input, several ? BaseName(input) : "", 0,
                           &ancestors);
    } else if (status.type == FileStatus::Type::kFile) {
      std::string display = StartsWith(input, "/") ? BaseName(input) : input;
      while (StartsWith(display, "./")) display = display.substr(2);
      std::string language = ClassifyFile(BaseName(input));
      if (language.empty())
        language = "yaml";  // named explicitly: read as a manifest
      if (status.size > options.max_file_bytes) {
        walker.Diagnose(display, "file is " + std::to_string(status.size) +
                                     " bytes, over the limit of " +
                                     std::to_string(options.max_file_bytes) +
                                     " (--max-file-size); skipped");
        continue;
      }
      out.files.push_back(
          {input, display, language, status.size, std::nullopt, std::nullopt});
    } else {
      out.diagnostics.push_back(
          {{input, 0}, "no such file or directory", Severity::kError});
    }
  }
  std::stable_sort(out.files.begin(), out.files.end(),
                   [](const DiscoveredFile& a, const DiscoveredFile& b) {
                     return a.display < b.display;
                   });
  return out;
}

}  // namespace ampcheck
