// SARIF from every fixture fleet, checked by Microsoft's SARIF validator
// (@microsoft/sarif-multitool, pinned in ci/sarif-validator/package.json)
// with its SARIF rules and the rules GitHub code scanning applies on upload
// (--rule-kind "Sarif;Gh"). Any error fails the test.
//
// The validator is a self-contained .NET program shipped in the npm package
// @microsoft/sarif-multitool-linux; ci/sarif-validator/install.sh installs
// it. Where it is missing the test says so loudly, and fails when
// AMPCHECK_REQUIRE_SARIF_VALIDATOR=1 (CI sets it).
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "analyzer/cli/run_program.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;
const std::string kSource = AMPCHECK_SOURCE_DIR;

std::string ValidatorPath() {
  if (const char* env = std::getenv("AMPCHECK_SARIF_VALIDATOR")) return env;
  return kSource +
         "/ci/sarif-validator/node_modules/@microsoft/sarif-multitool-linux/"
         "Sarif.Multitool";
}

// Every fleet directory under fixtures: fleets, source fleets, diff sides.
std::vector<std::string> Fleets() {
  std::vector<std::string> fleets;
  for (const char* dir : {"fixtures/fleets", "fixtures/source-fleets"}) {
    if (!fs::exists(kSource + "/" + dir)) continue;
    for (const auto& entry : fs::directory_iterator(kSource + "/" + dir))
      if (entry.is_directory()) fleets.push_back(entry.path().string());
  }
  for (const auto& entry : fs::directory_iterator(kSource + "/fixtures/diff")) {
    if (!entry.is_directory()) continue;
    for (const char* side : {"/base", "/head"})
      fleets.push_back(entry.path().string() + side);
  }
  std::sort(fleets.begin(), fleets.end());
  return fleets;
}

// The errors the validator reports for a SARIF file ("GH2012: ...").
std::vector<std::string> ValidationErrors(const std::string& validator,
                                          const std::string& sarif,
                                          const std::string& report) {
  std::string out, err;
  int status = RunProgram({validator, "validate", sarif, "--rule-kind",
                           "Sarif;Gh", "--log", "ForceOverwrite", "-o", report},
                          "", &out, &err);
  INFO(out);
  INFO(err);
  REQUIRE(status == 0);
  std::ifstream in(report);
  nlohmann::json validation = nlohmann::json::parse(in);
  std::vector<std::string> errors;
  for (const auto& result : validation["runs"][0]["results"]) {
    if (result.value("level", "warning") != "error") continue;
    errors.push_back(result.value("ruleId", "") + ": " +
                     result["message"].dump());
  }
  return errors;
}

bool ValidatorAvailable(const std::string& validator) {
  if (access(validator.c_str(), X_OK) == 0) {
    // The validator's .NET runtime needs no ICU this way.
    setenv("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT", "1", 1);
    return true;
  }
  std::string message = "SARIF VALIDATOR NOT AVAILABLE at " + validator +
                        ": SARIF output is NOT validated. Install it with "
                        "ci/sarif-validator/install.sh";
  const char* required = std::getenv("AMPCHECK_REQUIRE_SARIF_VALIDATOR");
  if (required && std::string(required) == "1") FAIL(message);
  WARN_MESSAGE(false, message);
  return false;
}

TEST_CASE("the SARIF validator reports what GitHub rejects") {
  std::string validator = ValidatorPath();
  if (!ValidatorAvailable(validator)) return;
  fs::path temp = fs::temp_directory_path() /
                  ("ampcheck-sarif-bad-" + std::to_string(getpid()));
  fs::create_directories(temp);
  std::string sarif = (temp / "bad.sarif").string();
  {
    // A rule with only an id: GitHub needs its descriptions and help.
    std::ofstream out(sarif);
    out << R"({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x",
      "version": "1", "informationUri": "https://example.com",
      "rules": [{"id": "r"}]}}, "results": []}]})";
  }
  std::vector<std::string> errors =
      ValidationErrors(validator, sarif, (temp / "report.sarif").string());
  fs::remove_all(temp);
  INFO(nlohmann::json(errors).dump(2));
  // shortDescription, fullDescription and help are each an error.
  CHECK(std::count_if(errors.begin(), errors.end(), [](const std::string& e) {
          return e.rfind("GH2012: ", 0) == 0;
        }) == 3);
}

TEST_CASE("SARIF from every fixture fleet passes the SARIF validator") {
  std::string validator = ValidatorPath();
  if (!ValidatorAvailable(validator)) return;
  fs::path temp = fs::temp_directory_path() /
                  ("ampcheck-sarif-" + std::to_string(getpid()));
  fs::create_directories(temp);
  std::vector<std::string> fleets = Fleets();
  REQUIRE(fleets.size() >= 5);
  for (const std::string& fleet : fleets) {
    CAPTURE(fleet);
    std::string sarif = (temp / "scan.sarif").string();
    std::string report = (temp / "validation.sarif").string();
    std::string out, err;
    // bad-input holds broken files on purpose: report them, do not fail.
    int scan = RunProgram(
        {AMPCHECK_BINARY, "scan", fleet, "--format", "sarif", "--fail-on",
         "never", "--input-errors", "warn", "-o", sarif},
        "", &out, &err);
    REQUIRE_MESSAGE(scan == 0, err);
    std::vector<std::string> errors =
        ValidationErrors(validator, sarif, report);
    CHECK_MESSAGE(errors.empty(), nlohmann::json(errors).dump(2));
  }
  fs::remove_all(temp);
}

}  // namespace
}  // namespace ampcheck
