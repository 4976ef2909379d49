#include "analyzer/cli/text_output.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

#include "analyzer/base/strings.h"

namespace ampcheck {

void AddTextOutputOptions(CLI::App* command, TextOutputFlags* flags) {
  command
      ->add_option("--color", flags->color,
                   "Text: auto (colour on a terminal unless NO_COLOR is set), "
                   "always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  command
      ->add_option("--severity", flags->severity,
                   "Text: list findings at or above error, warning or note "
                   "(default: warning, note with -v); the rest are counted. "
                   "Display only: the exit code follows --fail-on")
      ->check(CLI::IsMember({"error", "warning", "note"}));
  command->add_option("--width", flags->width,
                      "Text: fold lines to this many columns, 0 = never "
                      "(default: COLUMNS, else the terminal's width, 100 when "
                      "it is unknown; never when piped or written to a "
                      "file)");
}

OutputTerminal DetectOutputTerminal(const std::string& output_path) {
  OutputTerminal t;
  t.to_stdout = output_path.empty() || output_path == "-";
  t.is_terminal = isatty(STDOUT_FILENO) == 1;
  struct winsize size {};
  if (t.is_terminal && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0)
    t.columns = size.ws_col;
  if (const char* v = std::getenv("NO_COLOR")) t.no_color = v;
  if (const char* v = std::getenv("COLUMNS")) t.columns_env = v;
  return t;
}

bool UseColor(const std::string& mode, const OutputTerminal& terminal) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  return terminal.to_stdout && terminal.is_terminal &&
         terminal.no_color.empty();
}

size_t TextWidth(const std::optional<size_t>& flag,
                 const OutputTerminal& terminal) {
  if (flag) return *flag;
  long long columns = 0;
  if (ParseInt(terminal.columns_env, &columns) && columns > 0)
    return static_cast<size_t>(columns);
  if (!terminal.to_stdout || !terminal.is_terminal) return 0;
  return terminal.columns > 0 ? terminal.columns : kDefaultTextWidth;
}

void ApplyTextOutput(const TextOutputFlags& flags,
                     const OutputTerminal& terminal, ReportOptions* options) {
  options->color = UseColor(flags.color, terminal);
  options->width = TextWidth(flags.width, terminal);
  if (!flags.severity.empty())
    options->severity = ParseSeverity(flags.severity);
}

}  // namespace ampcheck
