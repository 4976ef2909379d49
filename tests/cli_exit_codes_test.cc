// Exit codes that tell the truth (docs/exit-codes.md): nothing to analyse is
// 2, an input error left in the run is 3 unless --input-errors warn, and every
// command that reports decides the same way.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "tests/shell.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;
using Files = std::map<std::string, std::string>;

struct Run {
  int exit_code = -1;
  std::string err;  // stderr only: the report goes to /dev/null
};

// Runs ampcheck in `dir` with `arguments`, standard input from `stdin_text`.
Run Ampcheck(const fs::path& dir, const std::string& arguments,
             const std::string& stdin_text = "") {
  fs::path input = dir / ".stdin";
  std::ofstream(input) << stdin_text;
  std::string command = "cd " + dir.string() + " && " + AMPCHECK_BINARY + " " +
                        arguments + " < .stdin 2>&1 >/dev/null";
  Run run;
  ShellRun shell = RunShell(command);
  run.err = shell.out;
  run.exit_code = shell.exit_code;
  return run;
}

const char* kGoodManifests = R"(apiVersion: apps/v1
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

const char* kIncomplete =
    "ampcheck: analysis incomplete: 1 input error (see input problems); "
    "--input-errors warn reports them without failing\n";

const char* kWhatToPass =
    "no manifest, mesh or application config, or source file in the inputs; "
    "pass a repository directory, manifest files, or - with `kubectl get -A "
    "-o yaml` on standard input\n";

// A scratch directory with `files` (path -> content) under it.
class Scratch {
 public:
  explicit Scratch(const std::map<std::string, std::string>& files) {
    static int count = 0;
    root_ = fs::temp_directory_path() /
            ("ampcheck-exit-" + std::to_string(::getpid()) + "-" +
             std::to_string(count++));
    fs::remove_all(root_);
    fs::create_directories(root_);
    for (const auto& [path, content] : files) {
      fs::create_directories((root_ / path).parent_path());
      std::ofstream(root_ / path) << content;
    }
  }
  ~Scratch() { fs::remove_all(root_); }
  const fs::path& root() const { return root_; }

 private:
  fs::path root_;
};

TEST_CASE("empty standard input is nothing to analyse: exit 2") {
  Scratch dir({});
  Run run = Ampcheck(dir.root(), "scan -");
  CHECK(run.exit_code == 2);
  CHECK(run.err == std::string("ampcheck: nothing to analyse: standard input "
                               "is empty; ") +
                       kWhatToPass);
}

TEST_CASE("kubectl's Unauthorized text on standard input: exit 2, quoted") {
  Scratch dir({});
  Run run =
      Ampcheck(dir.root(), "scan -",
               "error: You must be logged in to the server (Unauthorized)\n");
  CHECK(run.exit_code == 2);
  CHECK(run.err ==
        std::string("ampcheck: nothing to analyse: standard input holds no "
                    "manifest (it begins: \"error: You must be logged in to "
                    "the server (Unauthorized)\"); ") +
            kWhatToPass);
}

TEST_CASE(
    "standard input without manifests next to a good directory is an "
    "input error") {
  Scratch dir(Files{{"fleet/app.yaml", kGoodManifests}});
  Run run = Ampcheck(dir.root(), "scan fleet -", "error: Unauthorized\n");
  CHECK(run.exit_code == 3);
  CHECK(run.err == kIncomplete);
}

TEST_CASE("a directory with no manifest and no source: exit 2") {
  Scratch dir(
      Files{{"docs/README.md", "# hello\n"},
            {"docs/.github/workflows/ci.yaml", "on: push\njobs: {}\n"}});
  Run run = Ampcheck(dir.root(), "scan docs");
  CHECK(run.exit_code == 2);
  CHECK(run.err == std::string("ampcheck: nothing to analyse: ") + kWhatToPass);
}

TEST_CASE("no readable input: exit 2 with what to pass") {
  Scratch dir({});
  Run run = Ampcheck(dir.root(), "scan no/such/dir");
  CHECK(run.exit_code == 2);
  CHECK(run.err ==
        "ampcheck: no readable input; pass a repository directory, manifest "
        "files, or - with a YAML stream on standard input\n");
}

TEST_CASE(
    "a file that cannot be read fails the run with 3, even with "
    "--fail-on never, --input-errors warn relaxes it") {
  Scratch dir(Files{{"fleet/app.yaml", kGoodManifests}});
  fs::create_symlink("missing.yaml", dir.root() / "fleet/broken.yaml");
  CHECK(Ampcheck(dir.root(), "scan fleet").exit_code == 3);
  Run never = Ampcheck(dir.root(), "scan fleet --fail-on never");
  CHECK(never.exit_code == 3);
  CHECK(never.err == kIncomplete);
  Run warn = Ampcheck(dir.root(), "scan fleet --input-errors warn");
  CHECK(warn.exit_code == 0);
  CHECK(warn.err == "");
  Run bad = Ampcheck(dir.root(), "scan fleet --input-errors maybe");
  CHECK(bad.exit_code == 2);
}

TEST_CASE("a malformed file fails the run with 3") {
  Scratch dir(Files{{"fleet/app.yaml", kGoodManifests},
                    {"fleet/broken.yaml", "apiVersion: v1\nkind: [Service\n"}});
  Run run = Ampcheck(dir.root(), "scan fleet");
  CHECK(run.exit_code == 3);
  CHECK(run.err == kIncomplete);
}

TEST_CASE("a policy error fails the run with 3") {
  Scratch dir(Files{{"fleet/app.yaml", kGoodManifests},
                    {"fleet/.ampcheck.yaml", "limits:\n  max_tries: many\n"}});
  Run run = Ampcheck(dir.root(), "scan fleet");
  CHECK(run.exit_code == 3);
  CHECK(run.err == kIncomplete);
  CHECK(Ampcheck(dir.root(), "scan fleet --input-errors warn").exit_code == 0);
}

TEST_CASE(
    "an unknown Istio version: usage error on the command line, input "
    "error in the policy") {
  Scratch dir(
      Files{{"fleet/app.yaml", kGoodManifests},
            {"policy/.ampcheck.yaml", "mesh:\n  istio_version: banana\n"}});
  for (const char* command : {"scan", "diff fleet", "audit", "baseline -o -"}) {
    Run run = Ampcheck(dir.root(),
                       std::string(command) + " fleet --istio-version banana");
    CHECK_MESSAGE(run.exit_code == 2, command);
    CHECK(run.err ==
          "ampcheck: unknown --istio-version 'banana' (a release such as 1.24 "
          "or 1.28.6; default 1.31)\n");
  }
  Run policy =
      Ampcheck(dir.root(), "scan fleet --config policy/.ampcheck.yaml");
  CHECK(policy.exit_code == 3);
  CHECK(policy.err == kIncomplete);
}

TEST_CASE(
    "findings at --fail-on exit 1 even when an input error also "
    "occurred, and say the analysis was incomplete") {
  Scratch dir(Files{{"fleet/broken.yaml", "apiVersion: v1\nkind: [Service\n"}});
  for (const auto& entry :
       fs::directory_iterator(std::string(AMPCHECK_SOURCE_DIR) +
                              "/fixtures/fleets/seed-000-wrapper-x-mesh")) {
    fs::copy(entry.path(), dir.root() / "fleet" / entry.path().filename());
  }
  Run run = Ampcheck(dir.root(), "scan fleet");
  CHECK(run.exit_code == 1);
  CHECK(run.err == kIncomplete);
}

TEST_CASE(
    "diff: the head's input errors give 3, a side with nothing to "
    "analyse gives 2") {
  Scratch dir(Files{{"base/app.yaml", kGoodManifests},
                    {"head/app.yaml", kGoodManifests},
                    {"head/broken.yaml", "apiVersion: v1\nkind: [Service\n"},
                    {"empty/README.md", "# nothing\n"}});
  Run run = Ampcheck(dir.root(), "diff base head");
  CHECK(run.exit_code == 3);
  CHECK(run.err == kIncomplete);
  CHECK(Ampcheck(dir.root(), "diff head base").exit_code == 0);
  CHECK(Ampcheck(dir.root(), "diff base head --input-errors warn").exit_code ==
        0);
  Run empty = Ampcheck(dir.root(), "diff empty head");
  CHECK(empty.exit_code == 2);
  CHECK(empty.err ==
        std::string("ampcheck: base: nothing to analyse: ") + kWhatToPass);
}

TEST_CASE("audit, extract and analyze decide as scan does") {
  Scratch dir(Files{{"fleet/app.yaml", kGoodManifests},
                    {"fleet/broken.yaml", "apiVersion: v1\nkind: [Service\n"},
                    {"empty/README.md", "# nothing\n"}});
  Run audit = Ampcheck(dir.root(), "audit fleet --no-progress");
  CHECK(audit.exit_code == 3);
  CHECK(audit.err == kIncomplete);
  CHECK(Ampcheck(dir.root(), "audit fleet --input-errors warn").exit_code == 0);
  CHECK(Ampcheck(dir.root(), "audit empty").exit_code == 2);
  // extract leaves the decision to analyze, which sees every shard.
  CHECK(Ampcheck(dir.root(), "extract fleet --shard 0/2 -o a.json").exit_code ==
        0);
  CHECK(Ampcheck(dir.root(), "extract fleet --shard 1/2 -o b.json").exit_code ==
        0);
  Run analyze = Ampcheck(dir.root(), "analyze a.json b.json");
  CHECK(analyze.exit_code == 3);
  CHECK(analyze.err == kIncomplete);
  CHECK(Ampcheck(dir.root(), "analyze a.json b.json --input-errors warn")
            .exit_code == 0);
  Run nothing = Ampcheck(dir.root(), "extract no/such/dir -o c.json");
  CHECK(nothing.exit_code == 2);
  CHECK(nothing.err ==
        "ampcheck: no readable input; pass repository directories, manifest "
        "files or --list\n");
}

TEST_CASE("--max-file-size applies to standard input") {
  Scratch dir({});
  Run run = Ampcheck(dir.root(), "scan - --max-file-size 100", kGoodManifests);
  CHECK(run.exit_code == 2);
  CHECK(run.err ==
        "ampcheck: standard input is over the limit of 100 bytes "
        "(--max-file-size)\n");
  CHECK(Ampcheck(dir.root(), "scan -", kGoodManifests).exit_code == 0);
}

TEST_CASE("baseline refuses to record nothing") {
  Scratch dir(Files{{"empty/README.md", "# nothing\n"}});
  Run run = Ampcheck(dir.root(), "baseline empty -o -");
  CHECK(run.exit_code == 2);
  CHECK(run.err == std::string("ampcheck: nothing to analyse: ") + kWhatToPass);
}

}  // namespace
}  // namespace ampcheck
