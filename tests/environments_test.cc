// Alternative states analysed as separate graphs: fixtures/environments
// names deploy/staging and deploy/prod in its policy.
#include "analyzer/cli/environments.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/shell.h"

namespace ampcheck {
namespace {

const std::string kFleet =
    std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/environments";

int TriesOf(const ScanResult& result, const std::string& from,
            const std::string& to) {
  for (const Call& call : result.model.calls) {
    if (result.model.services[call.from].name != from ||
        result.model.services[call.to].name != to)
      continue;
    Tries tries;
    for (const Layer& layer : call.layers) tries = tries * layer.tries;
    return static_cast<int>(tries.count());
  }
  return -1;
}

TEST_CASE("each environment of the policy is its own graph") {
  DiskFileSystem disk;
  ScanOptions options;
  options.inputs = {kFleet};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  std::vector<EnvironmentScan> scans = RunEnvironmentScans(disk, options);
  REQUIRE(scans.size() == 2);
  CHECK(scans[0].environment.name == "staging");
  CHECK(scans[0].environment.directory == "deploy/staging");
  CHECK(scans[1].environment.name == "production");
  for (const EnvironmentScan& scan : scans) {
    CHECK(scan.result.model.diagnostics.empty());  // nothing collides
    CHECK(scan.result.model.skipped_files.at("in another environment") == 1);
  }
  CHECK(TriesOf(scans[0].result, "orders", "payments") == 2);
  CHECK(TriesOf(scans[1].result, "orders", "payments") == 5);
}

TEST_CASE("--environment adds to the policy's, a directory counts once") {
  DiskFileSystem disk;
  ScanOptions options;
  options.inputs = {kFleet};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  options.environments = {kFleet + "/deploy/prod/"};
  std::vector<EnvironmentScan> scans = RunEnvironmentScans(disk, options);
  REQUIRE(scans.size() == 2);
  CHECK(scans[0].environment.name == "prod");  // the flag's, first
  CHECK(scans[1].environment.name == "staging");
}

TEST_CASE("an environment that holds no scanned file is an error") {
  std::vector<Environment> environments =
      CollectEnvironments({"nowhere/prod", "elsewhere/prod"}, {}, "");
  REQUIRE(environments.size() == 2);
  // One name twice: the directories tell them apart.
  CHECK(environments[0].name == "nowhere/prod");
  DiskFileSystem disk;
  ScanOptions options;
  options.inputs = {kFleet};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  options.environments = {"no/such/dir"};
  std::vector<EnvironmentScan> scans = RunEnvironmentScans(disk, options);
  REQUIRE(scans.size() == 3);
  const auto& diagnostics = scans[0].result.model.diagnostics;
  REQUIRE(!diagnostics.empty());
  CHECK(diagnostics[0].location.ToString() == "no/such/dir");
  CHECK(diagnostics[0].message ==
        "environment dir: no scanned file lies under no/such/dir");
  CHECK(diagnostics[0].severity == Severity::kError);
}

std::string Output(const std::string& arguments) {
  std::string command = std::string("cd ") + kFleet + " && " + AMPCHECK_BINARY +
                        " scan . " + arguments + " --fail-on never 2>/dev/null";
  return RunShell(command).out;
}

TEST_CASE("the report has one section per environment, in each format") {
  std::string text = Output("");
  CHECK(text.starts_with("environment staging (deploy/staging):\n"));
  CHECK(text.find("\nenvironment production (deploy/prod):\n") !=
        std::string::npos);
  nlohmann::json json = nlohmann::json::parse(Output("--format json"));
  REQUIRE(json["environments"].size() == 2);
  CHECK(json["environments"][1]["name"] == "production");
  CHECK(json["environments"][1]["report"]["calls"][0]["tries"] == 5);
  nlohmann::json sarif = nlohmann::json::parse(Output("--format sarif"));
  REQUIRE(sarif["runs"].size() == 2);
  CHECK(sarif["runs"][0]["automationDetails"]["id"] == "ampcheck/staging/");
}

}  // namespace
}  // namespace ampcheck
