// The conformance suite (tests/conformance): real retry libraries and nginx
// run against a failing local server, their attempts compared with what
// ampcheck reports. Never skipped: scripts/test.sh installs what it runs, and
// a missing package fails the run with its name.
#include <doctest/doctest.h>

#include <string>

#include "analyzer/base/strings.h"
#include "tests/shell.h"

namespace ampcheck {
namespace {

std::string Suite() {
  return std::string("/usr/bin/python3 ") + AMPCHECK_SOURCE_DIR +
         "/tests/conformance/run.py --ampcheck " + AMPCHECK_BINARY;
}

std::string LastLine(const std::string& out) {
  size_t end = out.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  size_t start = out.rfind('\n', end);
  return out.substr(start == std::string::npos ? 0 : start + 1,
                    end - (start == std::string::npos ? 0 : start + 1) + 1);
}

// The mismatches and the summary: a CI log keeps only part of a long
// failure message, so these come first, not after 240 table rows. Without
// a MISMATCH line (the suite could not start), the whole output.
std::string Mismatches(const std::string& out) {
  std::string kept;
  for (const std::string& line : Split(out, '\n')) {
    if (StartsWith(line, "MISMATCH ")) kept += line + "\n";
  }
  return kept.empty() ? out : kept + LastLine(out);
}

TEST_CASE(
    "every library and proxy the suite runs makes the attempts ampcheck says") {
  ShellRun run = RunShell(Suite() + " 2>&1");
  INFO(Mismatches(run.out));
  CHECK(run.exit_code == 0);
  CHECK(LastLine(run.out).find(", 0 mismatches") != std::string::npos);
}

TEST_CASE(
    "a rule that counts tries where the library counts retries fails the "
    "suite, named") {
  // urllib3's Retry(total=2) sends 3 requests; read as 2 tries, it is wrong.
  ShellRun run = RunShell(
      "rules=$(mktemp -d) && cp -r " + std::string(AMPCHECK_SOURCE_DIR) +
      "/rules/. \"$rules\" && sed -i 's/semantics: retries/semantics: tries/' "
      "\"$rules/python/python-urllib3-retry.yaml\" && " +
      Suite() +
      " --rules-dir \"$rules\" --only urllib3-retry-total 2>&1; status=$?; "
      "rm -rf \"$rules\"; exit $status");
  INFO(run.out);
  CHECK(run.exit_code == 1);
  CHECK(run.out.find(
            "MISMATCH python/urllib3-retry-total: rule python-urllib3-retry on "
            "python3-urllib3 1.26.12-1+deb12u4, failure mode 503: measured 3 "
            "attempts, ampcheck says 2 (checkout->orders(2: urllib3 Retry, "
            "checkout/orders_client.py:12))") != std::string::npos);
  CHECK(LastLine(run.out).find("conformance: 5 runs of 1 client programs, ") ==
        0);
  CHECK(LastLine(run.out).find(", 0 mismatches") == std::string::npos);
}

TEST_CASE(
    "a call deadline nested inside the retries it bounds fails the suite, "
    "named") {
  // grpc-go's retries run under the call's context deadline; nested per try,
  // ampcheck would say 3 x 300ms where the client holds 300ms.
  ShellRun run = RunShell(
      "rules=$(mktemp -d) && cp -r " + std::string(AMPCHECK_SOURCE_DIR) +
      "/rules/. \"$rules\" && sed -i '/^whole_call: true/d' "
      "\"$rules/go/go-context-with-timeout.yaml\" && " +
      Suite() +
      " --rules-dir \"$rules\" --only grpc-retry-policy 2>&1; status=$?; "
      "rm -rf \"$rules\"; exit $status");
  INFO(run.out);
  CHECK(run.exit_code == 1);
  CHECK(run.out.find("MISMATCH go/grpc-retry-policy: rule grpc-service-config "
                     "on golang-google-grpc-dev 1.33.3-2, failure mode slow: "
                     "ampcheck's worst case 0.920s overestimates the ") !=
        std::string::npos);
  CHECK(LastLine(run.out).find(", 0 mismatches") == std::string::npos);
}

}  // namespace
}  // namespace ampcheck
