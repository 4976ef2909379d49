// The CI integrations' scripts, run locally: the GitHub Action's script with a
// simulated pull_request payload and a fake API, the GitLab template's job
// script with merge request variables; each on a temporary git repository
// with two commits (fixtures/diff).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "analyzer/cli/run_program.h"
#include "analyzer/yaml/node.h"

namespace ampcheck {
namespace {

const std::string kSource = AMPCHECK_SOURCE_DIR;

bool HaveTools() {
  std::string out, err;
  return RunProgram({"git", "--version"}, "", &out, &err) == 0 &&
         RunProgram({"python3", "--version"}, "", &out, &err) == 0;
}

TEST_CASE("GitHub Action script: pull request comment, exit codes, SARIF") {
  if (!HaveTools()) {
    FAIL("git and python3 are needed to test the Action's scripts");
  }
  std::string out, err;
  int status = RunProgram({"bash", kSource + "/tests/ci/github_action_test.sh",
                           AMPCHECK_BINARY, kSource},
                          "", &out, &err);
  INFO(out);
  INFO(err);
  CHECK(status == 0);
  CHECK(out.find("all GitHub Action checks passed") != std::string::npos);
}

TEST_CASE(
    "release archive: reproducible, self-contained, installed by the Action "
    "from a pinned version with its SHA-256 checked") {
  if (!HaveTools()) {
    FAIL("git and python3 are needed to test the release scripts");
  }
  std::string out, err;
  std::string build_dir =
      std::filesystem::path(AMPCHECK_BINARY).parent_path().string();
  int status = RunProgram(
      {"bash", kSource + "/tests/ci/release_test.sh", build_dir, kSource}, "",
      &out, &err);
  INFO(out);
  INFO(err);
  CHECK(status == 0);
  CHECK(out.find("ok: a corrupt archive is refused with a message, nothing "
                 "installed\n") != std::string::npos);
  CHECK(out.find("all release checks passed") != std::string::npos);
}

TEST_CASE("GitLab template job script: Code Quality report and diff") {
  if (!HaveTools()) {
    FAIL("git and python3 are needed to test the GitLab template");
  }
  yaml::Node doc =
      yaml::LoadFile(kSource + "/ci/gitlab/ampcheck.gitlab-ci.yml");
  yaml::Node job = doc[".ampcheck"];
  REQUIRE(job["script"].IsSequence());
  CHECK(job["artifacts"]["reports"]["codequality"].as<std::string>() ==
        "gl-code-quality-report.json");
  std::filesystem::path script =
      std::filesystem::temp_directory_path() / "ampcheck-gitlab-job.sh";
  {
    std::ofstream file(script);
    for (const yaml::Node& line : job["script"])
      file << line.as<std::string>() << "\n";
  }
  std::string out, err;
  int status =
      RunProgram({"bash", kSource + "/tests/ci/gitlab_template_test.sh",
                  AMPCHECK_BINARY, kSource, script.string()},
                 "", &out, &err);
  std::filesystem::remove(script);
  INFO(out);
  INFO(err);
  CHECK(status == 0);
  CHECK(out.find("all GitLab template checks passed") != std::string::npos);
}

TEST_CASE("pre-commit hooks name existing entries") {
  yaml::Node hooks = yaml::LoadFile(kSource + "/.pre-commit-hooks.yaml");
  REQUIRE(hooks.IsSequence());
  CHECK(hooks.size() == 2);
  CHECK(hooks[0]["id"].as<std::string>() == "ampcheck");
  CHECK(std::filesystem::exists(kSource + "/" +
                                hooks[0]["entry"].as<std::string>()));
  CHECK(hooks[1]["id"].as<std::string>() == "ampcheck-diff");
  CHECK(std::filesystem::exists(kSource + "/" +
                                hooks[1]["entry"].as<std::string>()));
  // Both run only when a file that can change the answer is staged.
  CHECK(hooks[0]["files"].as<std::string>() ==
        hooks[1]["files"].as<std::string>());
  CHECK(!hooks[0]["always_run"]);
}

TEST_CASE(
    "pre-commit hooks through Debian's pre-commit, without ampcheck on PATH") {
  std::string out, err;
  std::string build_dir =
      std::filesystem::path(AMPCHECK_BINARY).parent_path().string();
  int status = RunProgram(
      {"bash", kSource + "/tests/ci/pre_commit_test.sh", build_dir, kSource},
      "", &out, &err);
  INFO(out);
  INFO(err);
  CHECK(status == 0);
  CHECK(out.find("ok: a staged README change skips the hook\n") !=
        std::string::npos);
  CHECK(out.find("all pre-commit checks passed") != std::string::npos);
}

TEST_CASE("action.yml runs the tested script and uploads SARIF") {
  yaml::Node action = yaml::LoadFile(kSource + "/action.yml");
  CHECK(action["runs"]["using"].as<std::string>() == "composite");
  bool runs_script = false, uploads = false;
  for (const yaml::Node& step : action["runs"]["steps"]) {
    if (step["run"] && step["run"].as<std::string>().find(
                           "ci/github/ampcheck_action.sh") != std::string::npos)
      runs_script = true;
    if (step["uses"] && step["uses"].as<std::string>().rfind(
                            "github/codeql-action/upload-sarif@v4", 0) == 0)
      uploads = true;
  }
  CHECK(runs_script);
  CHECK(uploads);
}

}  // namespace
}  // namespace ampcheck
