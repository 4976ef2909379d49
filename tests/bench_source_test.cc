// Entry point of bench/extract_bench.sh: extracts every file of the tree in
// AMPCHECK_BENCH_TREE with the installed rules and prints throughput. Does
// nothing when the variable is not set.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "analyzer/discover/discover.h"
#include "analyzer/extract/registry.h"
#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/source_extractors.h"

namespace ampcheck {
namespace {

TEST_CASE("extraction benchmark") {
  const char* tree = std::getenv("AMPCHECK_BENCH_TREE");
  if (!tree) return;
  std::vector<Diagnostic> diagnostics;
  ExtractorSet set;
  RegisterSourceExtractors({{InstalledRulesDirectory()}}, &set, &diagnostics);
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(tree)) {
    std::string language = ClassifyFile(entry.path().filename().string());
    if (!entry.is_regular_file() || language.empty()) continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    files.emplace_back(entry.path().string(), text.str());
  }
  ExtractionStats& stats = GlobalExtractionStats();
  uint64_t parsed0 = stats.parsed_files, parsed_bytes0 = stats.parsed_bytes;
  uint64_t layers0 = stats.layers;
  auto start = std::chrono::steady_clock::now();
  uint64_t bytes = 0;
  for (const auto& [path, content] : files) {
    SourceFile file{
        path, ClassifyFile(std::filesystem::path(path).filename().string()),
        content};
    set.ExtractFile(file);
    bytes += content.size();
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  uint64_t parsed = stats.parsed_files - parsed0;
  fmt::print(
      "bench: {} files, {:.1f} MB in {:.2f}s (1 thread): {:.0f} files/s, "
      "{:.1f} MB/s\n",
      files.size(), bytes / 1e6, seconds, files.size() / seconds,
      bytes / 1e6 / seconds);
  fmt::print(
      "bench: prefilter let through {} of {} files ({:.1f}%), {:.1f} MB; {} "
      "layers\n",
      parsed, files.size(), 100.0 * parsed / files.size(),
      (stats.parsed_bytes - parsed_bytes0) / 1e6, stats.layers - layers0);
  CHECK(parsed < files.size());
}

}  // namespace
}  // namespace ampcheck
