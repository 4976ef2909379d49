// The command line as a user runs it: exit codes, formats, determinism.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/shell.h"

namespace ampcheck {
namespace {

struct Run {
  int exit_code = -1;
  std::string out;
};

Run Ampcheck(const std::string& arguments) {
  std::string command = std::string("cd ") + AMPCHECK_SOURCE_DIR + " && " +
                        AMPCHECK_BINARY + " " + arguments + " 2>&1";
  Run run;
  ShellRun shell = RunShell(command);
  run.out = shell.out;
  run.exit_code = shell.exit_code;
  return run;
}

TEST_CASE(
    "exit codes: 1 on findings at --fail-on, 0 below it, 2 on usage errors") {
  CHECK(Ampcheck("scan fixtures/fleets/seed-000-wrapper-x-mesh").exit_code ==
        1);
  CHECK(Ampcheck("scan fixtures/fleets/seed-000-wrapper-x-mesh --fail-on never")
            .exit_code == 0);
  CHECK(Ampcheck("scan fixtures/fleets/seed-002-contained").exit_code == 0);
  CHECK(Ampcheck("scan fixtures/fleets/seed-002-contained --fail-on note")
            .exit_code == 0);
  CHECK(Ampcheck("scan fixtures/fleets/near-misses").exit_code == 0);
  CHECK(Ampcheck("scan fixtures/fleets/near-misses --fail-on warning")
            .exit_code == 1);
  Run bad_format = Ampcheck("scan fixtures/example-fleet --format xml");
  CHECK(bad_format.exit_code == 2);
  CHECK(bad_format.out ==
        "ampcheck: unknown format 'xml' (one of text, json, sarif, markdown, "
        "codequality, github)\n");
  Run missing = Ampcheck("scan no/such/dir");
  CHECK(missing.exit_code == 2);
  CHECK(missing.out.find("no/such/dir: error: no such file or directory") !=
        std::string::npos);
  CHECK(missing.out.find("ampcheck: no readable input") != std::string::npos);
  CHECK(Ampcheck("scan fixtures/example-fleet --disable no-such-check")
            .exit_code == 2);
  CHECK(Ampcheck("frobnicate").exit_code == 2);
}

// Each threshold separately: a gate that failed on any finding, or only on
// errors, would pass the cases above.
TEST_CASE("--fail-on tells error, warning and note apart, in scan and diff") {
  // near-misses: 1 warning (implicit-mesh-retry) and 2 notes, no error.
  const std::string scan = "scan fixtures/fleets/near-misses";
  CHECK(Ampcheck(scan + " --fail-on error").exit_code == 0);
  CHECK(Ampcheck(scan + " --fail-on warning").exit_code == 1);
  CHECK(Ampcheck(scan + " --fail-on note").exit_code == 1);
  const std::string notes_only = scan + " --disable implicit-mesh-retry";
  CHECK(Ampcheck(notes_only + " --fail-on warning").exit_code == 0);
  CHECK(Ampcheck(notes_only + " --fail-on note").exit_code == 1);
  // The diff adds an error (undocumented-amplification) and a note
  // (retry-without-jitter) and fixes a warning.
  const std::string diff =
      "diff fixtures/diff/app-retry-on-mesh/base "
      "fixtures/diff/app-retry-on-mesh/head";
  CHECK(Ampcheck(diff + " --fail-on error").exit_code == 1);
  const std::string note_added = diff + " --disable undocumented-amplification";
  CHECK(Ampcheck(note_added + " --fail-on error").exit_code == 0);
  CHECK(Ampcheck(note_added + " --fail-on warning").exit_code == 0);
  CHECK(Ampcheck(note_added + " --fail-on note").exit_code == 1);
}

TEST_CASE(
    "the text summary counts errors, warnings, notes and input problems") {
  Run run = Ampcheck("scan fixtures/example-fleet --fail-on never");
  CHECK(run.out.find("\n2 files, 4 services, 3 calls: 8 findings (3 errors, 1 "
                     "warning, 4 notes), 0 input problems; 1 other type "
                     "skipped\n") != std::string::npos);
}

TEST_CASE("--severity changes what is listed, never the exit code") {
  // near-misses: 1 warning and 2 notes.
  Run errors_only = Ampcheck(
      "scan fixtures/fleets/near-misses --fail-on note --severity error");
  CHECK(errors_only.exit_code == 1);
  CHECK(errors_only.out.rfind(
            "1 warning, 2 notes; --severity note to show them\n", 0) == 0);
  Run all = Ampcheck("scan fixtures/fleets/near-misses --severity note");
  CHECK(all.exit_code == 0);
  CHECK(all.out.find(": note: ") != std::string::npos);
  CHECK(
      Ampcheck("scan fixtures/fleets/near-misses --severity fatal").exit_code ==
      2);
  CHECK(Ampcheck("scan fixtures/fleets/near-misses --color sometimes")
            .exit_code == 2);
  // Piped: no colour unless asked for, whatever NO_COLOR says.
  CHECK(all.out.find('\x1b') == std::string::npos);
  Run forced = Ampcheck(
      "scan fixtures/fleets/near-misses --color always --fail-on never");
  CHECK(forced.out.rfind(
            "\x1b[1mfixtures/fleets/near-misses/manifests.yaml:74:\x1b[0m",
            0) == 0);
}

TEST_CASE("a call's worst-case hold time is in the JSON report when known") {
  Run run = Ampcheck(
      "scan fixtures/fleets/in-code-defaults --format json --fail-on never");
  REQUIRE(run.exit_code == 0);
  auto report = nlohmann::json::parse(run.out);
  std::map<std::string, nlohmann::json> calls;
  for (const auto& call : report["calls"])
    calls[call["from"].get<std::string>() + "->" +
          call["to"].get<std::string>()] = call;
  // requests' timeout=2 bounds the call, the sidecar's retries included.
  CHECK(calls["frontend->orders"]["worst_case_hold_ms"] == 2000);
  // The sidecar retries with no timeout: no bound.
  CHECK_FALSE(calls["cart->stock"].contains("worst_case_hold_ms"));
}

TEST_CASE("the JSON report follows the v2 contract") {
  Run run =
      Ampcheck("scan fixtures/example-fleet --format json --fail-on never");
  REQUIRE(run.exit_code == 0);
  auto report = nlohmann::json::parse(run.out);
  CHECK(report["schema"] == "ampcheck/report/v2");
  CHECK(report["services"][0]["name"] == "ingress");
  CHECK(report["services"][0]["in_mesh"] == true);
  nlohmann::json orders_call;
  for (const auto& call : report["calls"]) {
    if (call["from"] == "storefront" && call["to"] == "orders")
      orders_call = call;
  }
  CHECK(orders_call["tries"] == 4);
  CHECK(orders_call["bounded_tries"] == 3);
  CHECK(orders_call["layers"][0]["kind"] == "mesh");
  CHECK(orders_call["layers"][0]["provenance"] == "explicit");
  // Paths as typed, from the working directory.
  CHECK(orders_call["layers"][0]["file"] ==
        "fixtures/example-fleet/platform.yaml");
  CHECK(orders_call["layers"][0]["line"] == 37);
  CHECK(orders_call["layers"][0]["detail"] ==
        "VirtualService orders: attempts 3");
  CHECK(orders_call["evidence"][0]["detail"] ==
        "env ORDERS_URL=http://orders:8080");
  CHECK(orders_call["evidence"][0]["file"] ==
        "fixtures/example-fleet/workloads.yaml");
  auto path = report["paths"][0];
  CHECK(path["services"] ==
        nlohmann::json({"ingress", "storefront", "orders", "payments"}));
  CHECK(path["tries"] == 108);
  CHECK(path["bounded_tries"] == 81);
  CHECK(path["arithmetic"] == "3 x 4 x 9 = 108");
  // 4 causes, and 4 notes: a retry-without-jitter, three retry-without-budget
  // (one per callee).
  CHECK(report["findings"].size() == 8);
  int mesh_default = 0;
  for (const auto& f : report["findings"]) {
    if (f["check"] == "implicit-mesh-retry") {
      ++mesh_default;
      // One mesh default, two calls: the worst first, each where it is.
      CHECK(f["identity"] ==
            "implicit-mesh-retry|cause|mesh-default|Istio default|3");
      CHECK(f["affected_count"] == 2);
      CHECK(f["affected_unit"] == "call");
      CHECK(f["affected"][0]["path"] ==
            nlohmann::json({"ingress", "storefront"}));
      CHECK(f["affected"][1]["path"] == nlohmann::json({"orders", "payments"}));
      CHECK(f["affected"][1]["identity"] ==
            "implicit-mesh-retry|orders->payments");
      // Each entry says where and how many tries; the message is the
      // cause's, said once.
      std::vector<std::string> keys;
      for (const auto& [key, value] : f["affected"][1].items())
        keys.push_back(key);
      CHECK(keys == std::vector<std::string>{"file", "identity", "line", "path",
                                             "tries"});
      CHECK(f["affected"][1]["tries"] == "3");
    }
    if (f["check"] == "retry-amplification") {
      // Over the limit and undocumented: one finding with both facts.
      CHECK(f["folded_checks"] ==
            nlohmann::json({"undocumented-amplification"}));
      CHECK(f["message"].get<std::string>().find(
                "; 4 retrying layers (3 mesh x 4 mesh x 3 client x 3 mesh); "
                "nothing declares the owner and maximum") != std::string::npos);
    }
  }
  CHECK(mesh_default == 1);
  CHECK(report["diagnostics"].empty());
}

TEST_CASE("unbounded tries are the string \"unbounded\" in JSON") {
  Run run = Ampcheck("scan fixtures/fleets/mesh-semantics --format json");
  auto report = nlohmann::json::parse(run.out);
  bool found = false;
  for (const auto& path : report["paths"]) {
    if (path["services"].back() == "recommendations") {
      CHECK(path["tries"] == "unbounded");
      CHECK(path["bounded_tries"] == "unbounded");
      found = true;
    }
  }
  CHECK(found);
}

TEST_CASE("output is deterministic across runs and thread counts") {
  for (const char* fleet :
       {"fixtures/example-fleet", "fixtures/fleets/mesh-semantics",
        "fixtures/fleets/bad-input"}) {
    std::string base = std::string("scan ") + fleet + " --format json ";
    Run one = Ampcheck(base + "--jobs 1");
    Run two = Ampcheck(base + "--jobs 2");
    Run again = Ampcheck(base + "--jobs 2");
    CHECK(one.out == two.out);
    CHECK(two.out == again.out);
    CHECK(one.out.find(AMPCHECK_SOURCE_DIR) == std::string::npos);
  }
}

TEST_CASE("several inputs become one fleet, paths are named by input") {
  Run run = Ampcheck(
      "scan fixtures/fleets/seed-000-wrapper-x-mesh/workloads.yaml "
      "fixtures/fleets/seed-000-wrapper-x-mesh/namespace.yaml --format json");
  auto report = nlohmann::json::parse(run.out);
  CHECK(report["summary"]["files"] == 2);
  CHECK(report["calls"].size() == 3);
  CHECK(report["calls"][0]["evidence"][0]["file"] ==
        "fixtures/fleets/seed-000-wrapper-x-mesh/workloads.yaml");
}

}  // namespace
}  // namespace ampcheck
