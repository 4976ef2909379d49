// A ProcessRunner for tests: programs that "exist", canned results, and the
// requests it was given.
#ifndef AMPCHECK_DISCOVER_FAKE_PROCESS_RUNNER_H_
#define AMPCHECK_DISCOVER_FAKE_PROCESS_RUNNER_H_

#include <map>
#include <string>
#include <vector>

#include "analyzer/discover/process_runner.h"

namespace ampcheck {

class FakeProcessRunner : public ProcessRunner {
 public:
  // name -> path FindProgram answers.
  std::map<std::string, std::string> programs;
  // What a run whose argv[2] (the release or the directory) ends with the
  // key returns; `fallback` otherwise.
  std::map<std::string, ProcessResult> results;
  ProcessResult fallback;
  mutable std::vector<ProcessRequest> requests;

  std::string FindProgram(const std::string& name) const override {
    auto it = programs.find(name);
    return it == programs.end() ? "" : it->second;
  }
  ProcessResult Run(const ProcessRequest& request) const override {
    requests.push_back(request);
    for (const auto& [suffix, result] : results) {
      for (const std::string& arg : request.argv) {
        if (arg.ends_with(suffix)) return result;
      }
    }
    return fallback;
  }
};

inline ProcessResult Printed(std::string out) {
  ProcessResult result;
  result.started = true;
  result.exit_code = 0;
  result.out = std::move(out);
  return result;
}

inline ProcessResult Failed(int exit_code, std::string err) {
  ProcessResult result;
  result.started = true;
  result.exit_code = exit_code;
  result.err = std::move(err);
  return result;
}

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_FAKE_PROCESS_RUNNER_H_
