// ampcheck test: a team's rules against its fixtures, through the binary.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "analyzer/cli/run_program.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

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

const char* kRules = "fixtures/fleets/seed-000-source/.ampcheck-rules";

TEST_CASE("ampcheck test: seed 000's wrapper rules pass their fixtures") {
  Run run =
      Ampcheck({"test", kRules, "fixtures/user-rules"}, AMPCHECK_SOURCE_DIR);
  CHECK(run.status == 0);
  CHECK(run.out ==
        "known gap (todoruleid): fixtures/user-rules/go/shop-httpwrap.go:25 "
        "shop-httpwrap\n"
        "2 rules, 2 fixtures, 3 expectations checked: all pass\n");
}

TEST_CASE("ampcheck test names false positives and false negatives") {
  fs::path dir = fs::temp_directory_path() /
                 ("ampcheck-ruletest-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(
      std::string(AMPCHECK_SOURCE_DIR) + "/" + kRules + "/shop-httpwrap.yaml",
      dir / "shop-httpwrap.yaml");
  // Beside the rule: a missed case (no call on the ruleid: line's target), a
  // call no ruleid: asks for, and a wrong count.
  std::ofstream(dir / "shop-httpwrap.go")
      << "package main\n"
         "\n"
         "func a() {\n"
         "\t// ruleid: shop-httpwrap\n"
         "\tx := other.New()\n"
         "\t// ok: shop-httpwrap\n"
         "\t_ = httpwrap.New(httpwrap.Options{})\n"
         "\t// ruleid: shop-httpwrap tries=4\n"
         "\t_ = httpwrap.New(httpwrap.Options{Attempts: 5})\n"
         "}\n";
  Run run = Ampcheck({"test", "."}, dir.string());
  CHECK(run.status == 1);
  CHECK(run.out ==
        "false negative: ./shop-httpwrap.go:5 shop-httpwrap\n"
        "wrong tries: ./shop-httpwrap.go:9 shop-httpwrap tries=5 (expected "
        "4)\n"
        "false positive: ./shop-httpwrap.go:7 shop-httpwrap\n"
        "1 rule, 1 fixture, 2 expectations checked: 3 problems\n");

  std::ofstream(dir / "broken.yaml") << "id: broken\nlanguage: go\n";
  Run broken = Ampcheck({"test", "."}, dir.string());
  CHECK(broken.status == 1);
  CHECK(broken.out.rfind("./broken.yaml:", 0) == 0);

  Run empty = Ampcheck({"test", "fixtures/user-rules"}, AMPCHECK_SOURCE_DIR);
  CHECK(empty.status == 2);
  CHECK(empty.err ==
        "ampcheck: no valid rule in fixtures/user-rules (*.yaml, "
        "docs/rules.md)\n");
  Run missing = Ampcheck({"test", "no/such"}, AMPCHECK_SOURCE_DIR);
  CHECK(missing.status == 2);
  CHECK(missing.err == "ampcheck: no/such is not a directory\n");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace ampcheck
