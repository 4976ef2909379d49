// cmake --install lays out bin/, share/ampcheck/rules and
// share/ampcheck/docs/checks; the installed tree finds its rules and check
// pages relative to itself after it is moved, with the checkout's rules/ out
// of reach, and a binary without them refuses to run.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "tests/shell.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

struct Run {
  int exit_code = -1;
  std::string out;
};

Run Shell(const std::string& command) {
  Run run;
  ShellRun shell = RunShell((command + " 2>&1"));
  run.out = shell.out;
  run.exit_code = shell.exit_code;
  return run;
}

TEST_CASE(
    "an installed tree, moved, finds its rules and scans a source "
    "fleet") {
  fs::path root = fs::temp_directory_path() /
                  ("ampcheck-install-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root);
  Run install = Shell(std::string("cmake --install ") + AMPCHECK_BUILD_DIR +
                      " --prefix " + (root / "first").string());
  REQUIRE_MESSAGE(install.exit_code == 0, install.out);
  CHECK(fs::is_regular_file(root / "first/bin/ampcheck"));
  CHECK(fs::is_regular_file(root / "first/share/ampcheck/rules/schema.yaml"));
  CHECK(fs::is_regular_file(root /
                            "first/share/ampcheck/docs/checks/retry-cycle.md"));
  fs::rename(root / "first", root / "moved");
  // The fleet is copied out too: nothing reachable from the run leads back
  // to the checkout.
  fs::copy(
      std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/fleets/seed-000-source",
      root / "fleet", fs::copy_options::recursive);
  std::string in_root =
      "cd " + root.string() + " && env -u AMPCHECK_RULES_DIR ";

  Run installed =
      Shell(in_root + "moved/bin/ampcheck scan fleet --format json");
  Run checkout = Shell(std::string("cd ") + root.string() + " && " +
                       AMPCHECK_BINARY + " scan fleet --format json");
  CHECK(installed.exit_code == checkout.exit_code);
  CHECK(installed.out == checkout.out);
  // The shipped rules were loaded: without them the report differs.
  Run no_rules = Shell(in_root +
                       "moved/bin/ampcheck scan fleet --format json "
                       "--no-default-rules");
  CHECK(no_rules.out != installed.out);

  fs::create_directories(root / "alone/bin");
  fs::copy_file(root / "moved/bin/ampcheck", root / "alone/bin/ampcheck");
  Run alone = Shell(in_root + "alone/bin/ampcheck scan fleet");
  CHECK(alone.exit_code == 2);
  CHECK(alone.out ==
        "ampcheck: cannot find the rules shipped with ampcheck (looked for "
        "schema.yaml in " +
            (root / "alone/share/ampcheck/rules").string() + ", " +
            (root / "alone/rules").string() +
            "); install with cmake --install, set AMPCHECK_RULES_DIR, or pass "
            "--no-default-rules\n");
  Run from_environment =
      Shell("cd " + root.string() + " && AMPCHECK_RULES_DIR=" +
            (root / "moved/share/ampcheck/rules").string() +
            " alone/bin/ampcheck scan fleet --format json");
  CHECK(from_environment.out == installed.out);
  Run missing_environment = Shell("cd " + root.string() +
                                  " && AMPCHECK_RULES_DIR=/no/such/rules "
                                  "moved/bin/ampcheck scan fleet");
  CHECK(missing_environment.exit_code == 2);
  CHECK(missing_environment.out.find("looked for schema.yaml in "
                                     "/no/such/rules)") != std::string::npos);
  Run without_rules =
      Shell(in_root + "alone/bin/ampcheck scan fleet --no-default-rules");
  CHECK(without_rules.exit_code != 2);
  // The check pages travel with the tree, for explain.
  Run explain = Shell(in_root + "moved/bin/ampcheck explain retry-cycle");
  CHECK(explain.exit_code == 0);
  CHECK(explain.out.rfind("# retry-cycle\n\n**Severity:** error.", 0) == 0);
  Run explain_alone = Shell(in_root + "alone/bin/ampcheck explain retry-cycle");
  CHECK(explain_alone.exit_code == 2);
  CHECK(explain_alone.out ==
        "ampcheck: cannot find the page of retry-cycle (looked for "
        "retry-cycle.md in " +
            (root / "alone/share/ampcheck/docs/checks").string() + ", " +
            (root / "alone/docs/checks").string() +
            "); install with cmake --install or set AMPCHECK_DOCS_DIR\n");
  // --version names the rules the tree carries.
  Run version = Shell(in_root + "moved/bin/ampcheck --version");
  CHECK(version.out.find(
            "\nrules: " + (root / "moved/share/ampcheck/rules").string() +
            " (") != std::string::npos);
  fs::remove_all(root);
}

}  // namespace
}  // namespace ampcheck
