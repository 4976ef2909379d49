#include "analyzer/facts/facts_cache.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "analyzer/extract/fleet_extraction.h"
#include "analyzer/extract/registry.h"
#include "analyzer/facts/facts_json.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

struct Run {
  std::vector<FileFacts> facts;
  uint64_t extracted = 0, cached = 0;
};

Run Extract(const MemoryFileSystem& files, const FactsCache& cache) {
  std::vector<Diagnostic> diagnostics;
  ExtractorSet extractors =
      BuildExtractors({{InstalledRulesDirectory()}}, &diagnostics);
  Discovery discovery = Discover(files, {"fleet"}, {});
  FleetExtractionOptions options;
  options.jobs = 2;
  options.cache = &cache;
  ExtractionCounters counters;
  Run run;
  run.facts =
      ExtractFleet(extractors, files, discovery.files, options, &counters);
  run.extracted = counters.extracted;
  run.cached = counters.cached;
  return run;
}

std::string Json(const std::vector<FileFacts>& facts) {
  std::string out;
  for (const FileFacts& f : facts) out += FileFactsToJson(f).dump() + "\n";
  return out;
}

MemoryFileSystem Fleet() {
  MemoryFileSystem files;
  files.AddFile(
      "fleet/orders/client.go",
      "package orders\nimport \"github.com/hashicorp/go-retryablehttp\"\n"
      "func c() { x := retryablehttp.NewClient(); x.RetryMax = 4 }\n");
  files.AddFile("fleet/orders/plain.go", "package orders\nfunc add() {}\n");
  files.AddFile("fleet/deploy/ns.yaml",
                "apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n");
  files.AddFile("fleet/batch/job.py",
                "from tenacity import retry, stop_after_attempt\n"
                "@retry(stop=stop_after_attempt(4))\ndef f():\n    pass\n");
  return files;
}

struct TempDir {
  fs::path path = fs::temp_directory_path() /
                  ("ampcheck-cache-test-" + std::to_string(::getpid()));
  TempDir() { fs::remove_all(path); }
  ~TempDir() { fs::remove_all(path); }
};

TEST_CASE("cache: a re-run with one changed file parses only that file") {
  TempDir dir;
  FactsCache cache;
  std::string error;
  REQUIRE(cache.Open(dir.path.string(),
                     ExtractionFingerprint({InstalledRulesDirectory()}),
                     &error));
  MemoryFileSystem files = Fleet();
  Run first = Extract(files, cache);
  CHECK(first.extracted == 4);
  CHECK(first.cached == 0);

  Run second = Extract(files, cache);
  CHECK(second.extracted == 0);
  CHECK(second.cached == 4);
  CHECK(Json(second.facts) == Json(first.facts));

  files.AddFile(
      "fleet/orders/client.go",
      "package orders\nimport \"github.com/hashicorp/go-retryablehttp\"\n"
      "func c() { x := retryablehttp.NewClient(); x.RetryMax = 9 }\n");
  Run third = Extract(files, cache);
  CHECK(third.extracted == 1);
  CHECK(third.cached == 3);
  REQUIRE(third.facts[2].file == "fleet/orders/client.go");
  REQUIRE(third.facts[2].layers.size() == 1);
  CHECK(third.facts[2].layers[0].layer.tries == Tries::Of(10));

  // Without a cache everything is parsed, and the facts are the same.
  FactsCache none;
  Run uncached = Extract(files, none);
  CHECK(uncached.extracted == 4);
  CHECK(Json(uncached.facts) == Json(third.facts));
}

TEST_CASE("cache: the key covers content, display path and fingerprint") {
  TempDir dir;
  FactsCache a, b;
  std::string error;
  REQUIRE(a.Open(dir.path.string(), "rules-1", &error));
  REQUIRE(b.Open(dir.path.string(), "rules-2", &error));
  CHECK(a.Key("x.go", "content") == a.Key("x.go", "content"));
  CHECK(a.Key("x.go", "content") != a.Key("y.go", "content"));
  CHECK(a.Key("x.go", "content") != a.Key("x.go", "content!"));
  CHECK(a.Key("x.go", "content") != b.Key("x.go", "content"));
  CHECK(a.Key("ab", "c") != a.Key("a", "bc"));
}

TEST_CASE("cache: a changed rule file changes the fingerprint") {
  TempDir dir;
  fs::create_directories(dir.path / "rules");
  std::ofstream(dir.path / "rules" / "r.yaml") << "id: a\n";
  std::string before = ExtractionFingerprint({(dir.path / "rules").string()});
  CHECK(before == ExtractionFingerprint({(dir.path / "rules").string()}));
  std::ofstream(dir.path / "rules" / "r.yaml") << "id: b\n";
  CHECK(before != ExtractionFingerprint({(dir.path / "rules").string()}));
}

TEST_CASE("cache: a damaged entry is a miss, not an error") {
  TempDir dir;
  FactsCache cache;
  std::string error;
  REQUIRE(cache.Open(dir.path.string(), "f", &error));
  FileFacts facts;
  facts.file = "a.go";
  std::string key = cache.Key("a.go", "x");
  REQUIRE(cache.Store(key, facts));
  FileFacts read;
  CHECK(cache.Load(key, &read));
  CHECK(read.file == "a.go");
  std::ofstream(dir.path / key.substr(0, 2) / (key.substr(2) + ".json"))
      << "{\"schema\":";
  CHECK_FALSE(cache.Load(key, &read));
}

TEST_CASE("cache: a directory that cannot be created is reported") {
  TempDir dir;
  std::ofstream(dir.path.string()) << "a file, not a directory";
  FactsCache cache;
  std::string error;
  CHECK_FALSE(cache.Open((dir.path / "sub").string(), "f", &error));
  CHECK(error.rfind("cannot create cache directory " +
                        (dir.path / "sub").string() + ": ",
                    0) == 0);
  fs::remove(dir.path);
}

}  // namespace
}  // namespace ampcheck
