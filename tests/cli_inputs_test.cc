// What a run reads and says it read: the policy it used (found up to the
// repository root, for stdin in the current directory), nested policies
// reported, --exclude, --stdin-filename.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/shell.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;
using Files = std::map<std::string, std::string>;

struct Run {
  int exit_code = -1;
  std::string out;
};

Run Ampcheck(const fs::path& dir, const std::string& arguments) {
  std::string command = "cd " + dir.string() + " && " + AMPCHECK_BINARY + " " +
                        arguments + " 2>&1";
  Run run;
  ShellRun shell = RunShell(command);
  run.out = shell.out;
  run.exit_code = shell.exit_code;
  return run;
}

const char* kManifests = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        env: [{name: ORDERS_URL, value: "http://orders"}]
---
apiVersion: v1
kind: Service
metadata: {name: orders, namespace: shop}
spec: {ports: [{port: 80}]}
)";

class Repo {
 public:
  explicit Repo(const std::map<std::string, std::string>& files) {
    static int count = 0;
    root_ = fs::temp_directory_path() /
            ("ampcheck-inputs-" + std::to_string(::getpid()) + "-" +
             std::to_string(count++));
    fs::remove_all(root_);
    fs::create_directories(root_ / ".git");
    for (const auto& [path, content] : files) {
      fs::create_directories((root_ / path).parent_path());
      std::ofstream(root_ / path) << content;
    }
  }
  ~Repo() { fs::remove_all(root_); }
  const fs::path& root() const { return root_; }

 private:
  fs::path root_;
};

std::string Line(const std::string& text, const std::string& start) {
  size_t at = text.find("\n" + start);
  if (at == std::string::npos) return "";
  at += 1;
  return text.substr(at, text.find('\n', at) - at);
}

TEST_CASE(
    "the policy of a parent directory applies to a scanned "
    "subdirectory, and the report names it") {
  Repo repo(Files{{".ampcheck.yaml", "limits: {max_tries: 2}\n"},
                  {"deploy/app.yaml", kManifests}});
  Run text = Ampcheck(repo.root(), "scan deploy");
  CHECK(Line(text.out, "policy: ") == "policy: .ampcheck.yaml");
  Run json = Ampcheck(repo.root() / "deploy", "scan . --format json");
  CHECK(nlohmann::json::parse(json.out)["policy"] == "../.ampcheck.yaml");
  Run none = Ampcheck(repo.root() / "deploy",
                      "scan app.yaml --config "
                      "/dev/null --format json");
  CHECK(nlohmann::json::parse(none.out)["policy"] == "/dev/null");
}

TEST_CASE(
    "standard input and single files use the policy of the current "
    "directory") {
  Repo repo(Files{{".ampcheck.yaml", "limits:\n  max_tries: many\n"},
                  {"deploy/app.yaml", kManifests}});
  Run run = Ampcheck(repo.root(), "scan - < deploy/app.yaml");
  CHECK(Line(run.out, "policy: ") == "policy: .ampcheck.yaml");
  CHECK(run.out.find(".ampcheck.yaml:2: error: policy: limits.max_tries must "
                     "be an integer >= 1") != std::string::npos);
  CHECK(run.exit_code == 3);
  Run file = Ampcheck(repo.root(), "scan deploy/app.yaml");
  CHECK(Line(file.out, "policy: ") == "policy: .ampcheck.yaml");
}

TEST_CASE("no policy above the repository root is used") {
  Repo repo(Files{{"repo/.git/HEAD", "ref: main\n"},
                  {".ampcheck.yaml", "limits: {max_tries: 2}\n"},
                  {"repo/deploy/app.yaml", kManifests}});
  Run run = Ampcheck(repo.root(), "scan repo/deploy");
  CHECK(Line(run.out, "policy: ") == "policy: none (no .ampcheck.yaml found)");
}

TEST_CASE(
    "a nested policy file is reported as not used, never as a "
    "document that was not a manifest") {
  Repo repo(Files{{"deploy/app.yaml", kManifests},
                  {"deploy/team/.ampcheck.yaml", "limits: {max_tries: 2}\n"}});
  Run run = Ampcheck(repo.root(), "scan deploy");
  CHECK(run.exit_code == 0);
  CHECK(run.out.find("deploy/team/.ampcheck.yaml: warning: nested policy file "
                     "is not used (one policy applies to the whole run); "
                     "pass --config deploy/team/.ampcheck.yaml to scan with "
                     "it\n") != std::string::npos);
  CHECK(run.out.find("not a manifest") == std::string::npos);
  CHECK(run.out.find("were not manifests") == std::string::npos);
}

TEST_CASE("--exclude and the policy's exclude: leave paths out, counted") {
  Repo repo(Files{{".ampcheck.yaml", "exclude: [\"test/\"]\n"},
                  {"deploy/app.yaml", kManifests},
                  {"deploy/test/broken.yaml", "kind: [\n"},
                  {"deploy/old/broken.yaml", "kind: [\n"}});
  Run run = Ampcheck(repo.root(), "scan deploy --exclude old");
  CHECK(run.exit_code == 0);
  CHECK(run.out.find("; 2 ignored skipped") != std::string::npos);
  CHECK(Ampcheck(repo.root(), "scan deploy").exit_code == 3);
}

TEST_CASE("--stdin-filename names standard input and chooses its reader") {
  Repo repo(Files{{"app.yaml", kManifests}});
  Run run = Ampcheck(repo.root(),
                     "scan - --stdin-filename cluster/dump.yaml --format json "
                     "< app.yaml");
  auto report = nlohmann::json::parse(run.out);
  CHECK(report["calls"][0]["evidence"][0]["file"] == "cluster/dump.yaml");
}

}  // namespace
}  // namespace ampcheck
