#include "analyzer/analyze/baseline.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

Finding MakeFinding(const char* check, const std::string& identity,
                    Location location) {
  Finding f;
  f.check = check;
  f.identity = identity;
  f.message = std::string(check) + " on " + identity;
  f.location = location;
  f.path = {"orders", "pricing"};
  return f;
}

TEST_CASE("baseline: written sorted, read back with each entry's line") {
  std::vector<Finding> findings = {
      MakeFinding("missing-timeout", "missing-timeout|orders->pricing",
                  {"routing.yaml", 9}),
      MakeFinding("implicit-mesh-retry", "implicit-mesh-retry|orders->pricing",
                  {"workloads.yaml", 19})};
  std::string text = BaselineText(findings);
  CHECK(text.rfind("{\n  \"findings\": [\n    {\n      \"check\": "
                   "\"implicit-mesh-retry\",",
                   0) == 0);
  Baseline baseline;
  Diagnostic error;
  REQUIRE(ParseBaseline(".ampcheck-baseline.json", text, &baseline, &error));
  REQUIRE(baseline.entries.size() == 2);
  CHECK(baseline.entries[0].identity == "implicit-mesh-retry|orders->pricing");
  CHECK(baseline.entries[0].line == 6);
  CHECK(baseline.entries[0].location == Location{"workloads.yaml", 19});
  CHECK(baseline.entries[1].line == 13);
}

TEST_CASE("baseline: bad files are diagnosed with file and line") {
  Baseline baseline;
  Diagnostic error;
  CHECK_FALSE(
      ParseBaseline("b.json", "{\n  \"schema\": \n}", &baseline, &error));
  CHECK(error.location == Location{"b.json", 3});
  CHECK(error.message == "not a baseline file: invalid JSON");
  CHECK_FALSE(ParseBaseline("b.json", "{\"findings\": []}", &baseline, &error));
  CHECK(error.message ==
        "not a baseline file: \"schema\" must be \"ampcheck/baseline/v1\" "
        "(write one with ampcheck baseline)");
  CHECK_FALSE(ParseBaseline(
      "b.json", R"({"schema": "ampcheck/baseline/v1", "findings": [{}]})",
      &baseline, &error));
  CHECK(error.message == "every baseline entry needs an \"identity\"");
}

TEST_CASE(
    "baseline: accepted findings move to suppressed, stale entries warn") {
  Model model;
  Analysis analysis;
  analysis.findings = {
      MakeFinding("missing-timeout", "missing-timeout|a", {"x.yaml", 3}),
      MakeFinding("retry-amplification", "retry-amplification|b",
                  {"y.yaml", 4})};
  Baseline baseline{
      "base.json",
      {{"missing-timeout|a", "missing-timeout", "old", {}, 5},
       {"retry-cycle|gone", "retry-cycle", "a cycle", {}, 12},
       {"timeout-inversion|off", "timeout-inversion", "", {}, 19}}};
  ReconcileAccepted(&baseline, {"timeout-inversion"}, &model, &analysis);
  REQUIRE(analysis.findings.size() == 1);
  CHECK(analysis.findings[0].check == "retry-amplification");
  REQUIRE(analysis.suppressed.size() == 1);
  CHECK(analysis.suppressed[0].second.location == Location{"base.json", 5});
  REQUIRE(model.diagnostics.size() == 1);
  CHECK(model.diagnostics[0].location == Location{"base.json", 12});
  CHECK(model.diagnostics[0].severity == Severity::kWarning);
  CHECK(model.diagnostics[0].message ==
        "stale baseline entry: retry-cycle (a cycle) matches no finding any "
        "more; remove it or run ampcheck baseline again");
}

TEST_CASE("baseline: a policy suppression that matches nothing is stale") {
  Model model;
  model.suppressions = {
      {"retry-cycle", "", "queue loop", {".ampcheck.yaml", 7}, {}},
      {"missing-timeout", "orders", "batch", {".ampcheck.yaml", 10}, {}}};
  Analysis analysis;
  analysis.suppressed.emplace_back(
      MakeFinding("missing-timeout", "missing-timeout|a", {"x.yaml", 3}),
      model.suppressions[1]);
  ReconcileAccepted(nullptr, {}, &model, &analysis);
  REQUIRE(model.diagnostics.size() == 1);
  CHECK(model.diagnostics[0].location == Location{".ampcheck.yaml", 7});
  CHECK(model.diagnostics[0].message ==
        "stale suppression: retry-cycle matches no finding; remove it");
}

}  // namespace
}  // namespace ampcheck
