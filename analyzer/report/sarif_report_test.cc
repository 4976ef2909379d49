#include "analyzer/report/sarif_report.h"

#include <doctest/doctest.h>

#include "analyzer/analyze/baseline.h"
#include "analyzer/analyze/check.h"
#include "analyzer/cli/scan.h"

namespace ampcheck {
namespace {

using nlohmann::json;

ScanResult ScanFixture(const std::string& fleet) {
  ScanOptions options;
  options.inputs = {std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/" + fleet};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  DiskFileSystem fs;
  return RunScan(fs, options);
}

const json* ResultFor(const json& sarif, const std::string& rule,
                      const std::string& file, int line) {
  for (const json& r : sarif["runs"][0]["results"]) {
    const json& where = r["locations"][0]["physicalLocation"];
    if (r["ruleId"] == rule && where["artifactLocation"]["uri"] == file &&
        where["region"]["startLine"] == line)
      return &r;
  }
  return nullptr;
}

TEST_CASE("SARIF: one rule per check, with help at an absolute URL") {
  ScanResult scan = ScanFixture("fleets/seed-000-wrapper-x-mesh");
  json sarif = SarifJson(scan.model, scan.analysis, {});
  CHECK(sarif["version"] == "2.1.0");
  const json& rules = sarif["runs"][0]["tool"]["driver"]["rules"];
  REQUIRE(rules.size() == AllChecks().size());
  for (size_t i = 0; i < rules.size(); ++i) {
    std::string id = AllChecks()[i]->id();
    CHECK(rules[i]["id"] == id);
    CHECK(rules[i]["helpUri"] ==
          "https://github.com/ampcheck/ampcheck/blob/main/docs/checks/" + id +
              ".md");
    CHECK(rules[i]["shortDescription"]["text"] ==
          std::string(AllChecks()[i]->summary()) + ".");
  }
  json custom = SarifJson(scan.model, scan.analysis,
                          {"https://git.example.com/docs/checks/", ""});
  CHECK(custom["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] ==
        "https://git.example.com/docs/checks/backoff-exceeds-timeout.md");
}

TEST_CASE("SARIF: a result at the causing layer, the path's layers related") {
  ScanResult scan = ScanFixture("fleets/seed-000-wrapper-x-mesh");
  json sarif = SarifJson(scan.model, scan.analysis, {});
  const json* r =
      ResultFor(sarif, "undocumented-amplification", ".ampcheck.yaml", 16);
  REQUIRE(r != nullptr);
  CHECK((*r)["level"] == "error");
  // The index of its rule in the driver's rules, which list every check.
  int index = -1;
  for (size_t i = 0; i < AllChecks().size(); ++i)
    if (std::string(AllChecks()[i]->id()) == "undocumented-amplification")
      index = static_cast<int>(i);
  CHECK((*r)["ruleIndex"] == index);
  CHECK((*r)["locations"][0]["physicalLocation"]["artifactLocation"]
            ["uriBaseId"] == "%SRCROOT%");
  CHECK((*r)["message"]["text"] ==
        "path checkout -> pricing: 9 tries per request from 2 retrying layers "
        "(3 client x 3 mesh); nothing declares the owner and maximum. "
        "Arithmetic: checkout->pricing(9 = 3 client: shared HTTP wrapper, "
        ".ampcheck.yaml:16 x 3 mesh: Istio default, no VirtualService for "
        "pricing) = 9.");
  REQUIRE((*r)["relatedLocations"].size() == 1);
  CHECK(
      (*r)["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] ==
      16);
  CHECK((*r)["partialFingerprints"][kSarifFingerprintKey] ==
        IdentityFingerprint("undocumented-amplification|cause|layer|shared "
                            "HTTP wrapper|shop/checkout"));
}

TEST_CASE("SARIF: a cause's other calls are related, and counted") {
  ScanResult scan = ScanFixture("fleets/seed-000-wrapper-x-mesh");
  json sarif = SarifJson(scan.model, scan.analysis, {});
  // The mesh default reaches catalog, checkout and orders -> pricing.
  const json* r = ResultFor(sarif, "implicit-mesh-retry", "workloads.yaml", 19);
  REQUIRE(r != nullptr);
  CHECK((*r)["properties"]["affectedCount"] == 3);
  CHECK((*r)["properties"]["affectedUnit"] == "call");
  int listed = 0;
  for (const json& related : (*r)["relatedLocations"]) {
    std::string text = related["message"]["text"];
    if (text.find("Istio 1.21 default: 2 retries = 3 tries") !=
        std::string::npos)
      ++listed;
  }
  CHECK(listed == 2);
}

TEST_CASE("SARIF: fingerprints ignore lines, paths are relative URIs") {
  CHECK(IdentityFingerprint("a|b") == IdentityFingerprint("a|b"));
  CHECK(IdentityFingerprint("a|b") != IdentityFingerprint("a|c"));
  CHECK(IdentityFingerprint("").size() == 32);
  CHECK(RelativeUri("deploy/my app/v1.yaml") == "deploy/my%20app/v1.yaml");
  CHECK(RelativeUri("a#b?.yaml") == "a%23b%3F.yaml");

  ScanResult scan = ScanFixture("fleets/seed-000-wrapper-x-mesh");
  json sarif = SarifJson(scan.model, scan.analysis, {"", "deploy"});
  CHECK(ResultFor(sarif, "undocumented-amplification", "deploy/.ampcheck.yaml",
                  16) != nullptr);
}

TEST_CASE("SARIF: accepted findings stay in the log, marked suppressed") {
  ScanResult scan = ScanFixture("fleets/seed-000-wrapper-x-mesh");
  // An identity written before findings were grouped by cause still matches
  // the cause that lists its path.
  Baseline baseline{
      "base.json",
      {{"undocumented-amplification|checkout>pricing", "", "", {}, 3}}};
  ReconcileAccepted(&baseline, {}, &scan.model, &scan.analysis);
  json sarif = SarifJson(scan.model, scan.analysis, {});
  const json* r =
      ResultFor(sarif, "undocumented-amplification", ".ampcheck.yaml", 16);
  REQUIRE(r != nullptr);
  CHECK((*r)["suppressions"][0]["kind"] == "external");
  CHECK((*r)["suppressions"][0]["justification"] == "accepted in baseline");
  CHECK((*r)["suppressions"][0]["location"]["physicalLocation"]["region"]
            ["startLine"] == 3);
  CHECK(ResultFor(sarif, "undocumented-amplification", ".ampcheck.yaml", 7)
            ->count("suppressions") == 0);
}

TEST_CASE("SARIF: each rule's help says what to change, in text and markdown") {
  ScanResult scan = ScanFixture("fleets/seed-000-wrapper-x-mesh");
  json sarif = SarifJson(scan.model, scan.analysis, {});
  const json* rule = nullptr;
  for (const json& r : sarif["runs"][0]["tool"]["driver"]["rules"])
    if (r["id"] == "missing-timeout") rule = &r;
  REQUIRE(rule != nullptr);
  const std::string url =
      "https://github.com/ampcheck/ampcheck/blob/main/docs/checks/"
      "missing-timeout.md";
  CHECK((*rule)["help"]["text"] ==
        "a call has no timeout at any layer. Fix: set a route timeout "
        "(and perTryTimeout), perTryTimeout in the mesh config's "
        "defaultHttpRetryPolicy when the mesh default retries, or a client "
        "timeout from the callee's real p99 plus headroom. See " +
            url);
  CHECK((*rule)["help"]["markdown"] ==
        "a call has no timeout at any layer.\n\n**Fix:** set a route "
        "`timeout` (and `perTryTimeout`), `perTryTimeout` in the mesh "
        "config's `defaultHttpRetryPolicy` when the mesh default retries, or "
        "a client timeout from the callee's real p99 plus headroom.\n\nSee "
        "[missing-timeout](" +
            url + ").");
}

TEST_CASE("SARIF: over the result limit, the worst kept and the rest counted") {
  ScanResult scan = ScanFixture("fleets/seed-000-wrapper-x-mesh");
  // 2 errors, 4 warnings, 3 notes.
  REQUIRE(scan.analysis.findings.size() == 9);
  SarifOptions options;
  options.max_results = 4;
  json run = SarifJson(scan.model, scan.analysis, options)["runs"][0];
  REQUIRE(run["results"].size() == 4);
  CHECK(run["results"][0]["level"] == "error");
  CHECK(run["results"][1]["level"] == "error");
  CHECK(run["results"][2]["level"] == "warning");
  CHECK(run["properties"] ==
        json::parse(R"({"resultLimit": 4, "resultsOmitted": 5,
          "resultsOmittedBySeverity": {"error": 0, "warning": 2, "note": 3},
          "suppressedResultsOmitted": 0,
          "fullReport": "the results kept are the worst; ampcheck scan )"
                    R"(--format json lists every finding"})"));
  // Under the limit there is nothing to count.
  CHECK(SarifJson(scan.model, scan.analysis, {})["runs"][0].count(
            "properties") == 0);
}

}  // namespace
}  // namespace ampcheck
