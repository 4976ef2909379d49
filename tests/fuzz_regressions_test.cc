// Replays every committed regression input, tests/fuzz/regressions/<target>/
// <case>, through its fuzz target's entry point (tests/fuzz/fuzz_entry.h)
// and compares what a user sees (diagnostics as "file:line: message", one a
// line) with <case>.expected: an input that crashes fails the run, one that
// breaks a property or whose message changes fails its case.
// Set AMPCHECK_UPDATE_REGRESSIONS=1 to write the .expected files afresh.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/fuzz/fuzz_entry.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST_CASE("every committed regression input replays through its target") {
  fs::path root = fs::path(AMPCHECK_SOURCE_DIR) / "tests/fuzz/regressions";
  bool update = std::getenv("AMPCHECK_UPDATE_REGRESSIONS") != nullptr;
  const std::vector<std::string>& targets = FuzzTargetNames();
  int replayed = 0;
  for (const auto& target : fs::directory_iterator(root)) {
    std::string name = target.path().filename().string();
    INFO("target " << name);
    REQUIRE_MESSAGE(
        std::find(targets.begin(), targets.end(), name) != targets.end(),
        "no fuzz target " << name);
    std::vector<fs::path> inputs;
    for (const auto& entry : fs::directory_iterator(target.path())) {
      if (entry.path().extension() != ".expected")
        inputs.push_back(entry.path());
    }
    std::sort(inputs.begin(), inputs.end());
    for (const fs::path& input : inputs) {
      INFO("input " << input.filename().string());
      FuzzOutcome outcome = RunFuzzTarget(
          name, RegressionCase(input.filename().string(), ReadFile(input)));
      for (const std::string& broken : outcome.broken) FAIL_CHECK(broken);
      fs::path expected = input.string() + ".expected";
      if (update)
        std::ofstream(expected, std::ios::binary) << outcome.diagnostics;
      REQUIRE_MESSAGE(fs::exists(expected), "no " << expected.string());
      CHECK(outcome.diagnostics == ReadFile(expected));
      ++replayed;
    }
  }
  CHECK(replayed > 0);
}

TEST_CASE(
    "a fuzzer's first byte picks the kind of file, the rest is its content") {
  CHECK(DecodeFuzzInput("source",
                        "\x01"
                        "class A {}")
            .path == "Main.java");
  CHECK(DecodeFuzzInput("source",
                        "\x01"
                        "class A {}")
            .content == "class A {}");
  CHECK(DecodeFuzzInput("source", "\x08x").path == "main.go");
  CHECK(DecodeFuzzInput("build_markers",
                        "\x02"
                        "module x")
            .path == "go.mod");
  CHECK(DecodeFuzzInput("app_config", "").path == "application.yml");
  CHECK(DecodeFuzzInput("manifests",
                        "\x01"
                        "kind: x")
            .content ==
        "\x01"
        "kind: x");
  CHECK(RegressionCase("unclosed-parent--pom.xml", "").path ==
        "unclosed-parent/pom.xml");
}

}  // namespace
}  // namespace ampcheck
