#include "analyzer/discover/process_runner.h"

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>

namespace ampcheck {
namespace {

ProcessResult RunCommand(std::vector<std::string> argv, int64_t timeout_ms) {
  ProcessRequest request;
  request.argv = std::move(argv);
  request.timeout_ms = timeout_ms;
  return SystemProcessRunner().Run(request);
}

TEST_CASE("a renderer runs with only the isolated environment") {
  ProcessResult result = RunCommand({"/usr/bin/env"}, 10000);
  REQUIRE(result.succeeded());
  std::string home;
  std::vector<std::string> lines;
  for (size_t start = 0; start < result.out.size();) {
    size_t end = result.out.find('\n', start);
    lines.push_back(result.out.substr(start, end - start));
    start = end + 1;
  }
  for (const std::string& line : lines) {
    if (line.starts_with("HOME=")) home = line.substr(5);
  }
  REQUIRE(home.starts_with("/"));
  CHECK(home.find("/ampcheck-render-") != std::string::npos);
  std::vector<std::string> expected = IsolatedEnvironment(home);
  std::sort(expected.begin(), expected.end());
  std::sort(lines.begin(), lines.end());
  CHECK(lines == expected);
  CHECK(std::find(lines.begin(), lines.end(), "KUBECONFIG=/dev/null") !=
        lines.end());
  CHECK(std::find(lines.begin(), lines.end(), "PATH=") != lines.end());
  // The temporary directory is gone once the program ended.
  struct stat info;
  CHECK(::stat(home.c_str(), &info) != 0);
}

TEST_CASE(
    "a renderer runs in its temporary directory, with an empty plugin "
    "directory") {
  ProcessResult result = RunCommand(
      {"/bin/sh", "-c", "pwd; /bin/ls -A \"$HELM_PLUGINS\" | /usr/bin/wc -l"},
      10000);
  REQUIRE(result.succeeded());
  CHECK(result.out.find("/ampcheck-render-") != std::string::npos);
  CHECK(result.out.ends_with("\n0\n"));
}

TEST_CASE("a renderer that runs too long is killed at the time limit") {
  auto start = std::chrono::steady_clock::now();
  ProcessResult result = RunCommand({"/bin/sleep", "20"}, 300);
  auto took = std::chrono::steady_clock::now() - start;
  CHECK(result.timed_out);
  CHECK_FALSE(result.succeeded());
  CHECK(took < std::chrono::seconds(5));
  CHECK(FailureReason(result, 300) ==
        "timed out after 300ms (render.timeout in the policy)");
}

TEST_CASE(
    "a failed renderer is described by its exit code and first error "
    "line") {
  ProcessResult result =
      RunCommand({"/bin/sh", "-c",
                  "echo; echo 'Error: chart broken' >&2; echo more >&2; "
                  "exit 3"},
                 10000);
  CHECK_FALSE(result.succeeded());
  CHECK(result.exit_code == 3);
  CHECK(FailureReason(result, 60000) == "exited with 3: Error: chart broken");
  ProcessResult warned;
  warned.started = true;
  warned.exit_code = 1;
  warned.err =
      "WARNING: Kubernetes configuration file is group-readable.\n"
      "Error: chart requires kubeVersion: >=1.30\n";
  CHECK(FailureReason(warned, 60000) ==
        "exited with 1: Error: chart requires kubeVersion: >=1.30");
  ProcessResult missing = RunCommand({"/nonexistent/helm"}, 1000);
  CHECK_FALSE(missing.started);
  CHECK(FailureReason(missing, 1000) ==
        "could not start: No such file or directory");
}

TEST_CASE("programs are found by path or on PATH, never as a directory") {
  SystemProcessRunner runner;
  CHECK(runner.FindProgram("/bin/sh") == "/bin/sh");
  CHECK(runner.FindProgram("/tmp") == "");
  CHECK(runner.FindProgram("./no-such-program") == "");
  CHECK(runner.FindProgram("sh").ends_with("/sh"));
  CHECK(runner.FindProgram("no-such-program-anywhere") == "");
}

}  // namespace
}  // namespace ampcheck
