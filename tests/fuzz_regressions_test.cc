// Replays every committed regression input, tests/fuzz/regressions/<target>/
// <case>, through its target's entry point and compares what a user sees
// (diagnostics as "file:line: message", one a line) with <case>.expected: an
// input that crashes fails the run, one whose message changes fails its case.
// Set AMPCHECK_UPDATE_REGRESSIONS=1 to write the .expected files afresh.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "analyzer/analyze/baseline.h"
#include "analyzer/cli/facts_bundle.h"
#include "analyzer/cli/scan.h"
#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/rule_loader.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

const char* kGoodFleet = R"(apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {istio-injection: enabled}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        env: [{name: ORDERS_URL, value: "http://orders"}]
---
apiVersion: v1
kind: Service
metadata: {name: orders, namespace: shop}
spec: {ports: [{port: 80}]}
)";

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Lines(const std::vector<Diagnostic>& diagnostics) {
  std::string text;
  for (const Diagnostic& d : diagnostics)
    text += d.location.ToString() + ": " + d.message + "\n";
  return text;
}

// The input placed next to a good fleet (at `path` under fleet/): its
// diagnostics, and the good fleet's one call must survive.
std::string ScanNextToGoodFleet(const std::string& path,
                                const std::string& content) {
  MemoryFileSystem memory;
  memory.AddFile("fleet/good.yaml", kGoodFleet);
  memory.AddFile("fleet/" + path, content);
  ScanOptions options;
  options.inputs = {"fleet"};
  options.jobs = 1;
  ScanResult result = RunScan(memory, options);
  CHECK(result.model.calls.size() == 1);
  // Every JSON writer takes whatever bytes the input held.
  for (const char* format : {"json", "sarif", "codequality"}) {
    std::ostringstream out;
    CHECK_NOTHROW(MakeReporter(format)->Render(result.model, result.analysis,
                                               ReportOptions{}, out));
  }
  return Lines(result.model.diagnostics);
}

using Replay = std::function<std::string(const fs::path&)>;

const std::map<std::string, Replay>& Targets() {
  static const std::map<std::string, Replay> targets = {
      {"manifests",
       [](const fs::path& input) {
         return ScanNextToGoodFleet(input.filename().string(), ReadFile(input));
       }},
      {"app_config",
       [](const fs::path& input) {
         return ScanNextToGoodFleet(input.filename().string(), ReadFile(input));
       }},
      {"grpc_service_config",
       [](const fs::path& input) {
         return ScanNextToGoodFleet(input.filename().string(), ReadFile(input));
       }},
      {"policy",
       [](const fs::path& input) {
         return ScanNextToGoodFleet(".ampcheck.yaml", ReadFile(input));
       }},
      {"baseline",
       [](const fs::path& input) {
         Baseline baseline;
         Diagnostic error;
         if (ParseBaseline(input.filename().string(), ReadFile(input),
                           &baseline, &error)) {
           return std::string("read\n");
         }
         return Lines({error});
       }},
      {"facts",
       [](const fs::path& input) {
         FactsBundle bundle;
         std::string error;
         if (ReadBundle(input.filename().string(), ReadFile(input), &bundle,
                        &error)) {
           return std::string("read\n");
         }
         return error + "\n";
       }},
      {"rules",
       [](const fs::path& input) {
         // A user rules directory holding this one rule, loaded and compiled
         // as `--rules DIR` does; paths print relative to the directory.
         fs::path directory = fs::temp_directory_path() /
                              ("ampcheck-regression-" + input.stem().string());
         fs::remove_all(directory);
         fs::create_directories(directory);
         fs::copy_file(input, directory / input.filename());
         std::vector<Diagnostic> diagnostics;
         std::vector<Rule> rules =
             LoadRules({directory.string()}, &diagnostics);
         RuleEngine engine(rules, &diagnostics);
         for (Diagnostic& d : diagnostics)
           d.location.file = fs::path(d.location.file).filename().string();
         fs::remove_all(directory);
         return Lines(diagnostics);
       }},
  };
  return targets;
}

TEST_CASE("every committed regression input replays through its target") {
  fs::path root = fs::path(AMPCHECK_SOURCE_DIR) / "tests/fuzz/regressions";
  bool update = std::getenv("AMPCHECK_UPDATE_REGRESSIONS") != nullptr;
  int replayed = 0;
  for (const auto& target : fs::directory_iterator(root)) {
    std::string name = target.path().filename().string();
    auto it = Targets().find(name);
    INFO("target " << name);
    REQUIRE_MESSAGE(it != Targets().end(), "no replay for target " << name);
    std::vector<fs::path> inputs;
    for (const auto& entry : fs::directory_iterator(target.path())) {
      if (entry.path().extension() != ".expected")
        inputs.push_back(entry.path());
    }
    std::sort(inputs.begin(), inputs.end());
    for (const fs::path& input : inputs) {
      INFO("input " << input.filename().string());
      std::string seen = it->second(input);
      fs::path expected = input.string() + ".expected";
      if (update) std::ofstream(expected, std::ios::binary) << seen;
      REQUIRE_MESSAGE(fs::exists(expected), "no " << expected.string());
      CHECK(seen == ReadFile(expected));
      ++replayed;
    }
  }
  CHECK(replayed > 0);
}

}  // namespace
}  // namespace ampcheck
