// Runs a shell command for the end-to-end tests: what it printed on standard
// output and how it exited (the command redirects stderr itself).
#ifndef AMPCHECK_TESTS_SHELL_H_
#define AMPCHECK_TESTS_SHELL_H_

#include <string>

namespace ampcheck {

struct ShellRun {
  int exit_code = -1;  // -1: killed by a signal
  std::string out;
};

ShellRun RunShell(const std::string& command);

}  // namespace ampcheck

#endif  // AMPCHECK_TESTS_SHELL_H_
