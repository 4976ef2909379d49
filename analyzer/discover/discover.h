// discover: walk the inputs, classify every file, skip vendored and
// generated trees (counted, not silent).
#ifndef AMPCHECK_DISCOVER_DISCOVER_H_
#define AMPCHECK_DISCOVER_DISCOVER_H_

#include <cstdint>
#include <map>
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
  // "javascript", "typescript", "csharp", "marker"
  std::string language;
  uint64_t size = 0;
  std::optional<std::string> content;  // preloaded (standard input, renders)
  // Every location of this file's facts is put on this line (0: none), for
  // rendered output whose own line numbers are not lines of `display`.
  std::optional<int> pinned_line;
};

struct DiscoveryOptions {
  uint64_t max_file_bytes = 8ull << 20;
  int max_depth = 64;
};

struct Discovery {
  std::vector<DiscoveredFile> files;  // sorted by display path
  std::vector<Diagnostic> diagnostics;
  // Files not analyzed, by reason ("vendored", "generated", "other type").
  std::map<std::string, int> skipped;
  // Roots of the scanned directories (for the policy file look-up).
  std::vector<std::string> roots;
};

// Classifies a file by name: the language, or "" when ampcheck does not read
// it.
std::string ClassifyFile(const std::string& name);

// Walks inputs (directories, files). "-" is handled by the caller.
Discovery Discover(const FileSystem& fs, const std::vector<std::string>& inputs,
                   const DiscoveryOptions& options);

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_DISCOVER_H_
