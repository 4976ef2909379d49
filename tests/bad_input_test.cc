// Bad input never crashes and never hides the rest: each problem is a
// diagnostic with its file and line, and the good files are analyzed as if the
// bad ones were absent.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "analyzer/cli/scan.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

const char* kGoodFleet = R"(apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {istio-injection: enabled}}
---
apiVersion: apps/v1
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

std::string Diagnostics(const ScanResult& result) {
  std::string text;
  for (const Diagnostic& d : result.model.diagnostics) {
    text += d.location.ToString() + ": " + d.message + "\n";
  }
  return text;
}

ScanResult ScanMemory(const MemoryFileSystem& fs,
                      uint64_t max_bytes = 8 << 20) {
  ScanOptions options;
  options.inputs = {"fleet"};
  options.max_file_bytes = max_bytes;
  options.jobs = 2;
  return RunScan(fs, options);
}

TEST_CASE("binary and unreadable files are diagnosed, the rest is analyzed") {
  MemoryFileSystem fs;
  fs.AddFile("fleet/good.yaml", kGoodFleet);
  fs.AddFile("fleet/image.yaml",
             std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  fs.AddUnreadable("fleet/secret.yaml");
  ScanResult result = ScanMemory(fs);
  CHECK(Diagnostics(result) ==
        "fleet/image.yaml:1: binary content (NUL bytes) in a .yaml file; "
        "skipped\n"
        "fleet/secret.yaml: cannot read file: Permission denied\n");
  REQUIRE(result.model.calls.size() == 1);
  CHECK(result.analysis.graph.calls[0].tries.ToString() == "3");
  CHECK(result.readable_files == 2);
}

TEST_CASE("files over --max-file-size are skipped with a diagnostic") {
  MemoryFileSystem fs;
  fs.AddFile("fleet/good.yaml", kGoodFleet);
  fs.AddFile("fleet/huge.yaml", std::string(5000, '#'));
  ScanResult result = ScanMemory(fs, 4096);
  CHECK(Diagnostics(result) ==
        "fleet/huge.yaml: file is 5000 bytes, over the limit of 4096 "
        "(--max-file-size); skipped\n");
  CHECK(result.model.calls.size() == 1);
}

TEST_CASE("a symlink loop is diagnosed once and not followed") {
  fs::path root = fs::temp_directory_path() /
                  ("ampcheck-loop-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "a");
  std::ofstream(root / "a" / "good.yaml") << kGoodFleet;
  fs::create_directory_symlink("..", root / "a" / "loop");
  DiskFileSystem disk;
  ScanOptions options;
  options.inputs = {root.string()};
  options.working_directory = options.inputs[0];
  ScanResult result = RunScan(disk, options);
  CHECK(
      Diagnostics(result) ==
      "a/loop: symlink loop: directory already being scanned; not descended\n");
  CHECK(result.model.calls.size() == 1);
  fs::remove_all(root);
}

TEST_CASE("standard input is a YAML stream like any file") {
  MemoryFileSystem fs;
  ScanOptions options;
  options.inputs = {"-"};
  options.stdin_content = std::make_shared<const std::string>(kGoodFleet);
  ScanResult result = RunScan(fs, options);
  CHECK(result.readable_files == 1);
  REQUIRE(result.model.calls.size() == 1);
  CHECK(result.model.calls[0].evidence[0].location.ToString() == "<stdin>:14");
}

TEST_CASE("inputs that do not exist are diagnosed and leave nothing readable") {
  MemoryFileSystem fs;
  ScanOptions options;
  options.inputs = {"missing-dir"};
  ScanResult result = RunScan(fs, options);
  CHECK(Diagnostics(result) == "missing-dir: no such file or directory\n");
  CHECK(result.readable_files == 0);
}

TEST_CASE(
    "a policy file with errors names each line, and the good entries still "
    "apply") {
  MemoryFileSystem fs;
  fs.AddFile("fleet/good.yaml", kGoodFleet);
  fs.AddFile("fleet/.ampcheck.yaml", R"(limits:
  max_tries: many
layers:
- service: web
  target: orders
  tries: 3
- service: web
  retries: -1
documented:
- from: web
  to: orders
  max_tries: 9
unknown_key: 1
)");
  ScanResult result = ScanMemory(fs);
  CHECK(Diagnostics(result) ==
        "fleet/.ampcheck.yaml:2: policy: limits.max_tries must be an integer "
        ">= 1\n"
        "fleet/.ampcheck.yaml:8: policy: layers[].retries must be an integer "
        ">= 0\n"
        "fleet/.ampcheck.yaml:10: policy: documented[] needs a reason\n"
        "fleet/.ampcheck.yaml:10: policy: documented[] needs owner (the layer "
        "that "
        "owns retries)\n"
        "fleet/.ampcheck.yaml:13: policy: unknown key 'unknown_key' in the "
        "policy "
        "file\n");
  REQUIRE(result.model.calls.size() == 1);
  CHECK(result.analysis.graph.calls[0].tries.ToString() == "9");
}

TEST_CASE("capacity entries need a known service and positive integers") {
  MemoryFileSystem fs;
  fs.AddFile("fleet/good.yaml", kGoodFleet);
  fs.AddFile("fleet/.ampcheck.yaml", R"(capacity:
- service: web
  pool: 100
  rate: fast
- service: web
  pool: 100
- service: nowhere
  pool: 10
  rate: 5
- service: web
  pool: 100
  rate: 500
  threads: 4
)");
  ScanResult result = ScanMemory(fs);
  CHECK(
      Diagnostics(result) ==
      "fleet/.ampcheck.yaml:4: policy: capacity[].rate must be an integer >= "
      "1\n"
      "fleet/.ampcheck.yaml:5: policy: capacity[] needs service, pool and "
      "rate\n"
      "fleet/.ampcheck.yaml:7: policy: unknown service 'nowhere'\n"
      "fleet/.ampcheck.yaml:13: policy: unknown key 'threads' in capacity[]\n");
  int web = -1;
  for (size_t s = 0; s < result.model.services.size(); ++s) {
    if (result.model.services[s].name == "web") web = static_cast<int>(s);
  }
  REQUIRE(web >= 0);
  REQUIRE(result.model.services[web].capacity);
  CHECK(result.model.services[web].capacity->rate == 500);
}

}  // namespace
}  // namespace ampcheck
