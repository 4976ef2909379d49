#include "analyzer/cli/text_output.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

OutputTerminal Terminal(size_t columns) {
  OutputTerminal t;
  t.is_terminal = true;
  t.columns = columns;
  return t;
}

TEST_CASE("--color auto: on a terminal only, never with NO_COLOR or -o") {
  OutputTerminal terminal = Terminal(120);
  CHECK(UseColor("auto", terminal));
  OutputTerminal piped;
  CHECK_FALSE(UseColor("auto", piped));
  OutputTerminal no_color = terminal;
  no_color.no_color = "1";
  CHECK_FALSE(UseColor("auto", no_color));
  OutputTerminal empty_no_color = terminal;
  empty_no_color.no_color = "";  // no-color.org: set and empty means unset
  CHECK(UseColor("auto", empty_no_color));
  OutputTerminal to_file = terminal;
  to_file.to_stdout = false;
  CHECK_FALSE(UseColor("auto", to_file));
  CHECK(UseColor("always", piped));
  CHECK(UseColor("always", no_color));
  CHECK_FALSE(UseColor("never", terminal));
}

TEST_CASE(
    "width: --width, else COLUMNS, else the terminal's, never when piped") {
  CHECK(TextWidth(std::nullopt, Terminal(132)) == 132);
  CHECK(TextWidth(std::nullopt, OutputTerminal{}) == 0);  // a pipe
  CHECK(TextWidth(std::nullopt, Terminal(0)) == 100);     // width unknown
  OutputTerminal columns = Terminal(132);
  columns.columns_env = "80";
  CHECK(TextWidth(std::nullopt, columns) == 80);
  columns.columns_env = "wide";
  CHECK(TextWidth(std::nullopt, columns) == 132);
  OutputTerminal to_file = Terminal(132);
  to_file.to_stdout = false;
  CHECK(TextWidth(std::nullopt, to_file) == 0);
  CHECK(TextWidth(size_t{0}, columns) == 0);
  CHECK(TextWidth(size_t{60}, columns) == 60);
}

TEST_CASE("--severity sets the listed severity, and only that") {
  TextOutputFlags flags;
  ReportOptions options;
  ApplyTextOutput(flags, OutputTerminal{}, &options);
  CHECK_FALSE(options.severity.has_value());
  CHECK_FALSE(options.color);
  flags.severity = "note";
  ApplyTextOutput(flags, OutputTerminal{}, &options);
  CHECK(options.severity == Severity::kNote);
}

}  // namespace
}  // namespace ampcheck
