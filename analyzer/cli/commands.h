// The command line: one function per subcommand, registered on a CLI11 app.
#ifndef AMPCHECK_CLI_COMMANDS_H_
#define AMPCHECK_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>
#include <functional>

namespace ampcheck {

// Exit codes, identical across formats and commands (docs/exit-codes.md).
inline constexpr int kExitClean = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitIncomplete = 3;

// A subcommand adds itself to the app and sets *run to what it executes.
using Command = std::function<int()>;
void AddScanCommand(CLI::App* app, Command* run);
void AddDiffCommand(CLI::App* app, Command* run);
void AddBaselineCommand(CLI::App* app, Command* run);
void AddAuditCommand(CLI::App* app, Command* run);
void AddExtractCommand(CLI::App* app, Command* run);
void AddAnalyzeCommand(CLI::App* app, Command* run);
void AddChecksCommand(CLI::App* app, Command* run);
void AddExplainCommand(CLI::App* app, Command* run);
void AddTestCommand(CLI::App* app, Command* run);

// Runs the command line; returns the exit code.
int RunCommandLine(int argc, char** argv);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_COMMANDS_H_
