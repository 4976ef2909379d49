// Runs an external program (a renderer such as helm or kustomize) isolated
// from the user's machine, behind an interface so tests can fake it.
#ifndef AMPCHECK_DISCOVER_PROCESS_RUNNER_H_
#define AMPCHECK_DISCOVER_PROCESS_RUNNER_H_

#include <cstdint>
#include <string>
#include <vector>

namespace ampcheck {

struct ProcessRequest {
  std::vector<std::string> argv;  // argv[0] is the program's path
  int64_t timeout_ms = 60000;
  uint64_t max_output_bytes = 64ull << 20;  // stdout beyond this: killed
};

struct ProcessResult {
  bool started = false;
  std::string start_error;  // why it did not start
  int exit_code = -1;       // when it exited
  int signal = 0;           // when a signal ended it
  bool timed_out = false;
  bool output_too_large = false;
  std::string out;
  std::string err;
  bool succeeded() const {
    return started && !timed_out && !output_too_large && signal == 0 &&
           exit_code == 0;
  }
};

class ProcessRunner {
 public:
  virtual ~ProcessRunner() = default;
  // The program's path: `name` itself when it holds a '/', else the first
  // executable of that name on PATH; "" when there is none.
  virtual std::string FindProgram(const std::string& name) const = 0;
  virtual ProcessResult Run(const ProcessRequest& request) const = 0;
};

// Runs the program without a shell (posix_spawn), in a fresh temporary
// directory that is its cwd and HOME and is removed afterwards, with stdin
// from /dev/null and an environment that holds only what isolation needs:
// empty PATH, HELM_* homes in the temporary directory and an empty plugin
// directory, KUBECONFIG=/dev/null, HTTP(S) proxies pointing at a closed local
// port so any network request fails at once. On timeout the process group is
// killed.
class SystemProcessRunner : public ProcessRunner {
 public:
  std::string FindProgram(const std::string& name) const override;
  ProcessResult Run(const ProcessRequest& request) const override;
};

// Why a run did not succeed, for a diagnostic: "timed out after 60s",
// "exited with 1: <first line of stderr>", ...
std::string FailureReason(const ProcessResult& result, int64_t timeout_ms);

// The environment SystemProcessRunner gives a program run in `scratch`.
std::vector<std::string> IsolatedEnvironment(const std::string& scratch);

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_PROCESS_RUNNER_H_
