// The command line's own habits: checks, explain, help, "did you mean", error
// prefixes and --version, as a user sees them.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "analyzer/cli/run_program.h"

namespace ampcheck {
namespace {

struct Run {
  int status;
  std::string out, err;
};

Run Ampcheck(std::vector<std::string> args) {
  args.insert(args.begin(), AMPCHECK_BINARY);
  Run run;
  run.status = RunProgram(args, AMPCHECK_SOURCE_DIR, &run.out, &run.err);
  return run;
}

TEST_CASE("checks: id, severity and summary, in text and JSON") {
  Run text = Ampcheck({"checks"});
  CHECK(text.status == 0);
  CHECK(text.out.find("retry-cycle (error): ") != std::string::npos);
  CHECK(text.out == Ampcheck({"scan", "--list-checks"}).out);
  Run json = Ampcheck({"checks", "--format", "json"});
  CHECK(json.status == 0);
  nlohmann::json list = nlohmann::json::parse(json.out);
  REQUIRE(list.is_array());
  CHECK(list.size() == 13);
  bool found = false;
  for (const auto& check : list) {
    CHECK(check.size() == 3);
    if (check["id"] == "retry-without-budget") {
      found = true;
      CHECK(check["severity"] == "note");
      CHECK(!check["summary"].get<std::string>().empty());
    }
  }
  CHECK(found);
  Run bad = Ampcheck({"checks", "--format", "xml"});
  CHECK(bad.status == 2);
  CHECK(bad.err ==
        "ampcheck: unknown checks format 'xml' (one of text, json)\n");
}

TEST_CASE("explain prints the check's page") {
  Run run = Ampcheck({"explain", "retry-cycle"});
  CHECK(run.status == 0);
  CHECK(run.out.rfind("# retry-cycle\n\n**Severity:** error. **Unit:** "
                      "`analyzer/analyze/checks/retry_cycle.cc`.\n",
                      0) == 0);
  Run typo = Ampcheck({"explain", "retry-cylce"});
  CHECK(typo.status == 2);
  CHECK(typo.err ==
        "ampcheck: unknown check 'retry-cylce', did you mean 'retry-cycle'? "
        "(ampcheck checks lists them)\n");
  Run none = Ampcheck({"explain"});
  CHECK(none.status == 2);
  CHECK(none.err ==
        "ampcheck: check is required\nRun 'ampcheck help explain' for more "
        "information.\n");
}

TEST_CASE("a mistyped command: did you mean") {
  Run run = Ampcheck({"scna", "fixtures/example-fleet"});
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(run.err ==
        "ampcheck: unknown command 'scna', did you mean 'scan'?\n"
        "Run 'ampcheck help' for the commands.\n");
  Run far = Ampcheck({"frobnicate"});
  CHECK(far.status == 2);
  CHECK(far.err ==
        "ampcheck: unknown command 'frobnicate'\n"
        "Run 'ampcheck help' for the commands.\n");
}

TEST_CASE("help, and help <command>") {
  Run all = Ampcheck({"help"});
  CHECK(all.status == 0);
  CHECK(all.out == Ampcheck({"--help"}).out);
  CHECK(all.out.find("explain") != std::string::npos);
  Run diff = Ampcheck({"help", "diff"});
  CHECK(diff.status == 0);
  CHECK(diff.out == Ampcheck({"diff", "--help"}).out);
  CHECK(diff.out.find("--base") != std::string::npos);
  Run typo = Ampcheck({"help", "dif"});
  CHECK(typo.status == 2);
  CHECK(typo.err == "ampcheck: unknown command 'dif', did you mean 'diff'?\n");
}

TEST_CASE("CLI11 errors carry the ampcheck: prefix, and -j refuses negatives") {
  Run unknown = Ampcheck({"scan", "--no-such-option"});
  CHECK(unknown.status == 2);
  CHECK(unknown.err ==
        "ampcheck: The following argument was not expected: "
        "--no-such-option\nRun 'ampcheck help scan' for more information.\n");
  Run negative = Ampcheck({"scan", "-j", "-1", "fixtures/example-fleet"});
  CHECK(negative.status == 2);
  CHECK(negative.err ==
        "ampcheck: --jobs: -1 is negative; pass 0 (the cores this process may "
        "use) or a number of threads\nRun 'ampcheck help scan' for more "
        "information.\n");
  Run zero = Ampcheck(
      {"scan", "-j", "0", "fixtures/example-fleet", "--fail-on", "never"});
  CHECK(zero.status == 0);
  Run none = Ampcheck({});
  CHECK(none.status == 2);
  CHECK(none.err ==
        "ampcheck: A subcommand is required\nRun 'ampcheck help' for more "
        "information.\n");
}

TEST_CASE("--version names the rules it extracts with") {
  Run run = Ampcheck({"--version"});
  CHECK(run.status == 0);
  std::string rules = std::string(AMPCHECK_SOURCE_DIR) + "/rules";
  CHECK(run.out.rfind("ampcheck 0.1.0\nrules: " + rules + " (", 0) == 0);
  CHECK(run.out.find(" files, sha256 ") != std::string::npos);
  CHECK(run.out.back() == '\n');
}

}  // namespace
}  // namespace ampcheck
