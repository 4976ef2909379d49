// Entry point of bench/extract_bench.sh: extracts every file of the tree in
// AMPCHECK_BENCH_TREE with the installed rules and prints throughput on one
// thread and on AMPCHECK_BENCH_JOBS threads (default: the machine's cores).
// Does nothing when the variable is not set.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "analyzer/discover/discover.h"
#include "analyzer/extract/registry.h"
#include "analyzer/extract/source/grammars.h"
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
  uint64_t bytes = 0;
  for (const auto& [path, content] : files) bytes += content.size();
  // One pass on `jobs` threads, each taking the next file (as the scan does).
  auto run = [&](int jobs) {
    std::atomic<size_t> next{0};
    auto work = [&] {
      for (size_t i; (i = next++) < files.size();) {
        const auto& [path, content] = files[i];
        SourceFile file{
            path, ClassifyFile(std::filesystem::path(path).filename().string()),
            content};
        set.ExtractFile(file);
      }
    };
    auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int t = 1; t < jobs; ++t) threads.emplace_back(work);
    work();
    for (std::thread& thread : threads) thread.join();
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    fmt::print(
        "bench: {} files, {:.1f} MB in {:.2f}s ({} thread{}): {:.0f} files/s, "
        "{:.1f} MB/s\n",
        files.size(), bytes / 1e6, seconds, jobs, jobs == 1 ? "" : "s",
        files.size() / seconds, bytes / 1e6 / seconds);
  };
  uint64_t parsed0 = stats.parsed_files, parsed_bytes0 = stats.parsed_bytes;
  uint64_t layers0 = stats.layers;
  run(1);
  uint64_t parsed = stats.parsed_files - parsed0;
  fmt::print(
      "bench: prefilter let through {} of {} files ({:.1f}%), {:.1f} MB; {} "
      "layers\n",
      parsed, files.size(), 100.0 * parsed / files.size(),
      (stats.parsed_bytes - parsed_bytes0) / 1e6, stats.layers - layers0);
  int jobs = 0;
  if (const char* env = std::getenv("AMPCHECK_BENCH_JOBS"))
    jobs = std::atoi(env);
  if (jobs < 1) jobs = static_cast<int>(std::thread::hardware_concurrency());
  if (jobs > 1) run(jobs);
  CHECK(parsed < files.size());
}

// The floor under any tree-sitter tool: parsing the files that hold retry
// sites, nothing else (no reading, prefilter, queries or analysis). Files
// are listed one per line in AMPCHECK_BENCH_PARSE_LIST, relative to
// AMPCHECK_BENCH_PARSE_ROOT (bench/fleet_bench.sh writes the list).
TEST_CASE("parse floor benchmark") {
  const char* root = std::getenv("AMPCHECK_BENCH_PARSE_ROOT");
  const char* list = std::getenv("AMPCHECK_BENCH_PARSE_LIST");
  if (!root || !list) return;
  std::vector<std::pair<std::string, std::string>> files;  // grammar, text
  std::ifstream names(list);
  uint64_t bytes = 0;
  for (std::string name; std::getline(names, name);) {
    if (name.empty()) continue;
    std::ifstream in(std::string(root) + "/" + name);
    std::stringstream text;
    text << in.rdbuf();
    SourceFile file{name, ClassifyFile(std::filesystem::path(name).filename()),
                    ""};
    files.emplace_back(GrammarOfFile(file), text.str());
    bytes += files.back().second.size();
  }
  REQUIRE(!files.empty());
  TSParser* parser = ts_parser_new();
  auto start = std::chrono::steady_clock::now();
  for (const auto& [grammar, text] : files) {
    REQUIRE(ts_parser_set_language(parser, GrammarFor(grammar)));
    ts_tree_delete(ts_parser_parse_string(parser, nullptr, text.data(),
                                          static_cast<uint32_t>(text.size())));
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  ts_parser_delete(parser);
  fmt::print("bench: parse only, {} files, {:.1f} MB: {:.3f} s on one thread\n",
             files.size(), bytes / 1e6, seconds);
}

}  // namespace
}  // namespace ampcheck
