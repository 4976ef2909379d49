// A program run without a shell, its output captured (tests drive the binary
// and git through it).
#ifndef AMPCHECK_CLI_RUN_PROGRAM_H_
#define AMPCHECK_CLI_RUN_PROGRAM_H_

#include <string>
#include <vector>

namespace ampcheck {

// Runs a program (no shell) in `cwd`; its standard output goes to *out and
// its standard error to *err. Returns the exit status, or -1 when it could
// not be started.
int RunProgram(const std::vector<std::string>& argv, const std::string& cwd,
               std::string* out, std::string* err);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_RUN_PROGRAM_H_
