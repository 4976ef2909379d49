// discover: walk the inputs, classify every file, skip vendored and
// generated trees (counted, not silent).
#ifndef AMPCHECK_DISCOVER_DISCOVER_H_
#define AMPCHECK_DISCOVER_DISCOVER_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

struct DiscoveredFile {
  std::string path;     // where to read it
  std::string display;  // relative, stable: used in every output
  // "yaml", "json", "properties", "go", "java", "kotlin", "python",
  // "javascript", "typescript", "csharp", "conf" (nginx and others), "marker"
  std::string language;
  uint64_t size = 0;
  // Preloaded (standard input, renders): shared, never copied, however large.
  std::shared_ptr<const std::string> content;
  // Every location of this file's facts is put on this line (0: none), for
  // rendered output whose own line numbers are not lines of `display`.
  std::optional<int> pinned_line;
  // Rendered with a release namespace (helm template -n): the namespace of
  // the resources that name none, as `helm install -n` would place them.
  std::string release_namespace;
};

struct DiscoveryOptions {
  uint64_t max_file_bytes = 8ull << 20;
  int max_depth = 64;
  // Gitignore-style patterns of paths not to read (--exclude, policy
  // exclude:), matched against the path below each scanned directory.
  std::vector<std::string> excludes;
  // Honour .gitignore and .ignore files, as ripgrep does.
  bool ignore_files = true;
  // The directory ampcheck runs in (absolute; "" = unknown): an absolute
  // input inside it prints relative to it (root_display.h).
  std::string working_directory;
};

struct Discovery {
  std::vector<DiscoveredFile> files;  // sorted by display path
  std::vector<Diagnostic> diagnostics;
  // Files not analyzed, by reason ("vendored", "generated", "other type").
  std::map<std::string, int> skipped;
  // Roots of the scanned directories (for the policy file look-up).
  std::vector<std::string> roots;
  // Policy files (.ampcheck.yaml) met inside the scanned directories: not
  // read as manifests; the caller decides which one applies.
  std::vector<std::string> policy_files;
};

// Classifies a file by name: the language, or "" when ampcheck does not read
// it.
std::string ClassifyFile(const std::string& name);

// Walks inputs (directories, files). "-" is handled by the caller.
Discovery Discover(const FileSystem& fs, const std::vector<std::string>& inputs,
                   const DiscoveryOptions& options);

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_DISCOVER_H_
