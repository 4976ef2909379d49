// ampcheck:ignore comments through the binary: the finding on the next line
// is listed as suppressed with its reason, a comment without a reason and a
// stale one are reported at their lines (docs/ci.md).
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analyzer/cli/run_program.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

std::string Slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// `line` inserted before line `before` (1-based) of `path`.
void InsertLine(const fs::path& path, int before, const std::string& line) {
  std::string text = Slurp(path);
  size_t at = 0;
  for (int i = 1; i < before; ++i) at = text.find('\n', at) + 1;
  text.insert(at, line + "\n");
  std::ofstream(path) << text;
}

struct Run {
  int status;
  std::string out, err;
};

Run Ampcheck(std::vector<std::string> args, const std::string& cwd) {
  args.insert(args.begin(), AMPCHECK_BINARY);
  Run run;
  run.status = RunProgram(args, cwd, &run.out, &run.err);
  return run;
}

TEST_CASE("ampcheck:ignore in Go and YAML: suppressed, stale, no reason") {
  fs::path root = fs::temp_directory_path() /
                  ("ampcheck-inline-" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::copy(
      std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/diff/worsened-path/head",
      root, fs::copy_options::recursive);
  // checkout/client.go:41 is `c.RetryMax = 2`, where the path's
  // retry-amplification finding points.
  InsertLine(root / "checkout/client.go", 41,
             "\t// ampcheck:ignore retry-amplification the gateway sheds load "
             "past 3 tries");
  InsertLine(root / "checkout/client.go", 1,
             "// ampcheck:ignore missing-timeout");
  InsertLine(root / "pricing-routes.yaml", 1,
             "# ampcheck:ignore retry-cycle there is no cycle here");
  // workloads.yaml:48 starts pricing's Service, where its
  // retry-without-budget note points.
  InsertLine(
      root / "workloads.yaml", 48,
      "# ampcheck:ignore retry-without-budget pricing sheds load itself");
  // --severity note: the notes are listed, not counted.
  Run run = Ampcheck({"scan", ".", "--severity", "note"}, root.string());
  INFO(run.out);
  CHECK(run.out.find("suppressed: retry-amplification frontend -> checkout -> "
                     "pricing (the gateway sheds load past 3 tries, "
                     "checkout/client.go:42)\n") != std::string::npos);
  CHECK(run.out.find("[retry-amplification]") == std::string::npos);
  CHECK(run.out.find("suppressed: retry-without-budget pricing "
                     "(pricing sheds load itself, workloads.yaml:48)\n") !=
        std::string::npos);
  // checkout's own note, on another line, stays.
  CHECK(run.out.find("workloads.yaml:22: note: checkout: 1 caller retries") !=
        std::string::npos);
  CHECK(run.out.find(
            "checkout/client.go:1: warning: ampcheck:ignore missing-timeout "
            "needs a reason (ampcheck:ignore missing-timeout <reason>); it "
            "suppresses nothing\n") != std::string::npos);
  CHECK(run.out.find("pricing-routes.yaml:1: warning: stale suppression: "
                     "retry-cycle matches no finding; remove it\n") !=
        std::string::npos);

  Run json = Ampcheck({"scan", ".", "--format", "json"}, root.string());
  nlohmann::json report = nlohmann::json::parse(json.out);
  bool listed = false;
  for (const auto& s : report["suppressed"]) {
    if (s["check"] == "retry-amplification") {
      listed = true;
      CHECK(s["suppressed_by"]["reason"] ==
            "the gateway sheds load past 3 tries");
      CHECK(s["suppressed_by"]["file"] == "checkout/client.go");
      CHECK(s["suppressed_by"]["line"] == 42);
    }
  }
  CHECK(listed);

  Run sarif = Ampcheck({"scan", ".", "--format", "sarif"}, root.string());
  nlohmann::json log = nlohmann::json::parse(sarif.out);
  int in_source = 0;
  for (const auto& result : log["runs"][0]["results"]) {
    if (!result.contains("suppressions")) continue;
    CHECK(result["suppressions"][0]["kind"] == "inSource");
    ++in_source;
  }
  CHECK(in_source == 2);
  fs::remove_all(root);
}

}  // namespace
}  // namespace ampcheck
