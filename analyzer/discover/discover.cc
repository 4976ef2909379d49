#include "analyzer/discover/discover.h"

#include <algorithm>
#include <set>

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"
#include "analyzer/discover/ignore_rules.h"
#include "analyzer/discover/root_display.h"

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
         EndsWith(name, ".g.cs") || EndsWith(name, ".Designer.cs") ||
         EndsWith(name, ".generated.ts");
}

bool IsMinifiedName(const std::string& name) {
  return EndsWith(name, ".min.js") || EndsWith(name, ".min.mjs") ||
         EndsWith(name, ".min.cjs") || EndsWith(name, ".bundle.js") ||
         name == ".pnp.cjs" || name == ".pnp.loader.mjs";
}

// Bundled tools checked into a repository (Yarn's own release, its plugins
// and offline cache): someone else's code.
bool IsBundleDirectory(const std::string& relative) {
  return EndsWith("/" + relative, "/.yarn/releases") ||
         EndsWith("/" + relative, "/.yarn/plugins") ||
         EndsWith("/" + relative, "/.yarn/cache");
}

// A minified file has lines no person writes: one over this many
// characters in the head of a script marks it.
constexpr size_t kMinifiedLineLength = 4000;
constexpr uint64_t kMinifiedHeadBytes = 16384;

bool HasMinifiedHead(const std::string& head) {
  size_t start = 0;
  while (start < head.size()) {
    size_t end = head.find('\n', start);
    if (end == std::string::npos) end = head.size();
    if (end - start > kMinifiedLineLength) return true;
    start = end + 1;
  }
  return false;
}

class Walker {
 public:
  Walker(const FileSystem& fs, const DiscoveryOptions& options, Discovery* out)
      : fs_(fs), options_(options), out_(out) {}

  // `relative`: below the scanned directory, for the ignore rules.
  void WalkDirectory(const std::string& path, const std::string& display,
                     const std::string& relative, IgnoreRules& ignore,
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
    if (options_.ignore_files) ReadIgnoreFile(path, display, relative, &ignore);
    for (const DirectoryEntry& entry : entries) {
      std::string child = JoinPath(path, entry.name);
      std::string child_display = JoinPath(display, entry.name);
      std::string child_relative = JoinPath(relative, entry.name);
      if (entry.is_symlink && LeadsOutOfRoot(child, child_display)) continue;
      FileStatus child_status = fs_.Stat(child);
      if (child_status.type == FileStatus::Type::kDirectory) {
        if (VendoredDirectories().count(entry.name)) {
          ++out_->skipped["vendored"];
          continue;
        }
        if (IsBundleDirectory(child_relative)) {
          ++out_->skipped["bundled"];
          continue;
        }
        if (ignore.Ignored(child_relative, true)) {
          ++out_->skipped["ignored"];
          continue;
        }
        WalkDirectory(child, child_display, child_relative, ignore, depth + 1,
                      ancestors);
      } else if (child_status.type == FileStatus::Type::kFile) {
        if (entry.name != ".ampcheck.yaml" &&
            ignore.Ignored(child_relative, false)) {
          ++out_->skipped["ignored"];
          continue;
        }
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

  // ripgrep's .ignore: gitignore syntax, for the directory's subtree. And
  // .gitignore when libgit2 cannot read it from the disk itself (a tree that
  // is not on disk, such as a git revision).
  void ReadIgnoreFile(const std::string& path, const std::string& display,
                      const std::string& relative, IgnoreRules* ignore) {
    for (const char* name : {".gitignore", ".ignore"}) {
      if (name[1] == 'g' && ignore->reads_gitignore_from_disk()) continue;
      std::string file = JoinPath(path, name);
      if (fs_.Stat(file).type != FileStatus::Type::kFile) continue;
      std::string content, error;
      if (!fs_.ReadFile(file, options_.max_file_bytes, &content, &error)) {
        Diagnose(JoinPath(display, name), "cannot read: " + error);
        continue;
      }
      ignore->AddIgnoreFile(relative, content);
    }
  }

  void AddFile(const std::string& path, const std::string& display,
               const FileStatus& status) {
    std::string name = BaseName(path);
    if (name == ".ampcheck.yaml") {
      out_->policy_files.push_back(path);
      return;
    }
    std::string language = ClassifyFile(name);
    if (language.empty()) {
      ++out_->skipped["other type"];
      return;
    }
    if (IsGeneratedFile(name)) {
      ++out_->skipped["generated"];
      return;
    }
    if (IsMinifiedName(name)) {
      ++out_->skipped["minified"];
      return;
    }
    if (status.size > options_.max_file_bytes) {
      Diagnose(display, "file is " + std::to_string(status.size) +
                            " bytes, over the limit of " +
                            std::to_string(options_.max_file_bytes) +
                            " (--max-file-size); skipped");
      return;
    }
    if (language == "javascript" || language == "typescript") {
      std::string head, error;
      if (fs_.ReadFile(path, kMinifiedHeadBytes, &head, &error) &&
          HasMinifiedHead(head)) {
        ++out_->skipped["minified"];
        return;
      }
    }
    out_->files.push_back(
        {path, display, language, status.size, nullptr, std::nullopt, ""});
  }

  void Diagnose(const std::string& display, const std::string& message) {
    out_->diagnostics.push_back({{display, 0}, message, Severity::kError});
  }

  // The scanned directory a walk starts from, symlinks followed.
  void set_root(const std::string& root) { root_real_ = fs_.RealPath(root); }

  // A symlink whose target lies outside the scanned directory is not
  // followed: a scan reads what it was given, never /etc or a home.
  bool LeadsOutOfRoot(const std::string& link, const std::string& display) {
    if (root_real_.empty()) return false;
    std::string target = fs_.RealPath(link);
    if (target.empty()) return false;  // broken: diagnosed as such
    if (target == root_real_ || StartsWith(target, root_real_ + "/"))
      return false;
    ++out_->skipped["symlink out of the scanned directory"];
    out_->diagnostics.push_back(
        {{display, 0},
         "symlink leads out of the scanned directory (to " + target +
             "); not followed",
         Severity::kWarning});
    return true;
  }

 private:
  const FileSystem& fs_;
  const DiscoveryOptions& options_;
  std::string root_real_;
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
  // *.conf: nginx / OpenResty config among others (read when it proxies),
  // also as envsubst templates of the nginx image.
  if (EndsWith(lower, ".conf") || EndsWith(lower, ".conf.template"))
    return "conf";
  return "";
}

Discovery Discover(const FileSystem& fs, const std::vector<std::string>& inputs,
                   const DiscoveryOptions& options) {
  Discovery out;
  Walker walker(fs, options, &out);
  for (size_t index = 0; index < inputs.size(); ++index) {
    const std::string& input = inputs[index];
    FileStatus status = fs.Stat(input);
    if (status.type == FileStatus::Type::kDirectory) {
      out.roots.push_back(input);
      std::set<std::string> ancestors;
      IgnoreRules ignore(fs.PathsOnDisk() ? input : "", options.excludes,
                         options.ignore_files);
      walker.set_root(input);
      walker.WalkDirectory(input,
                           DisplayPrefix(input, options.working_directory), "",
                           ignore, 0, &ancestors);
    } else if (status.type == FileStatus::Type::kFile) {
      std::string display = DisplayPrefix(input, options.working_directory);
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
          {input, display, language, status.size, nullptr, std::nullopt, ""});
    } else {
      out.diagnostics.push_back(
          {{input, 0}, "no such file or directory", Severity::kError});
    }
  }
  std::stable_sort(out.files.begin(), out.files.end(),
                   [](const DiscoveredFile& a, const DiscoveredFile& b) {
                     return a.display < b.display;
                   });
  // An input inside another (`scan . k8s`) reaches its files twice under
  // one name: each is read once.
  auto twice =
      std::unique(out.files.begin(), out.files.end(),
                  [](const DiscoveredFile& a, const DiscoveredFile& b) {
                    return a.display == b.display;
                  });
  if (twice != out.files.end()) {
    out.skipped["given twice"] += static_cast<int>(out.files.end() - twice);
    out.files.erase(twice, out.files.end());
  }
  return out;
}

}  // namespace ampcheck
