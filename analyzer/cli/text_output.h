// How the text report looks where it is going: --color, the width it is
// folded to and --severity. The decisions are pure functions of what the
// process sees (a terminal or not, NO_COLOR, COLUMNS) so that tests can give
// each case.
#ifndef AMPCHECK_CLI_TEXT_OUTPUT_H_
#define AMPCHECK_CLI_TEXT_OUTPUT_H_

#include <CLI/CLI.hpp>
#include <cstddef>
#include <optional>
#include <string>

#include "analyzer/report/reporter.h"

namespace ampcheck {

struct TextOutputFlags {
  std::string color = "auto";  // auto, always, never
  std::string severity;        // "" = warning, or note with -v
  std::optional<size_t> width;
};

// Adds --color, --severity and --width.
void AddTextOutputOptions(CLI::App* command, TextOutputFlags* flags);

// What the process sees of where the report goes.
struct OutputTerminal {
  bool to_stdout = true;     // no -o, or -o -
  bool is_terminal = false;  // standard output is a terminal
  size_t columns = 0;        // its width (TIOCGWINSZ), 0 when unknown
  std::string no_color;      // $NO_COLOR
  std::string columns_env;   // $COLUMNS
};

// The real one: isatty and ioctl(TIOCGWINSZ) on standard output, and the
// environment.
OutputTerminal DetectOutputTerminal(const std::string& output_path);

// always: colour; never: none; auto: colour when the report goes to standard
// output, that is a terminal, and NO_COLOR is unset or empty
// (https://no-color.org; --color always overrides it).
bool UseColor(const std::string& mode, const OutputTerminal& terminal);

// --width when given (0 = never fold); else COLUMNS when it is a positive
// number; else, when the report goes to a terminal, its width
// (kDefaultTextWidth, 100, when unknown); else 0: piped or written to a file,
// lines stay whole, for grep and diff.
size_t TextWidth(const std::optional<size_t>& flag,
                 const OutputTerminal& terminal);

// Sets options' color, width and severity from the flags.
void ApplyTextOutput(const TextOutputFlags& flags,
                     const OutputTerminal& terminal, ReportOptions* options);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_TEXT_OUTPUT_H_
