#include "analyzer/report/text_wrap.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("wrap: long lines fold at spaces, continuations indented by two") {
  CHECK(WrapLines("short line\n", 20) == "short line\n");
  CHECK(WrapLines("aaaa bbbb cccc dddd eeee\n", 12) ==
        "aaaa bbbb\n  cccc dddd\n  eeee\n");
  CHECK(WrapLines("    fix: one two three four\n", 16) ==
        "    fix: one two\n      three four\n");
  // Lines of their own stay so; the last line needs no newline.
  CHECK(WrapLines("a b c\n\nd e f", 3) == "a b\n  c\n\nd e\n  f");
}

TEST_CASE("wrap: a word wider than the line is kept whole") {
  CHECK(WrapLines("see https://example.com/a/very/long/url now\n", 12) ==
        "see\n  https://example.com/a/very/long/url\n  now\n");
}

TEST_CASE("wrap: width 0 leaves the text as it is") {
  std::string line(300, 'x');
  line += " y\n";
  CHECK(WrapLines(line, 0) == line);
}

TEST_CASE("wrap: colour takes no column, a UTF-8 character one") {
  CHECK(DisplayWidth("\x1b[1;31merror\x1b[0m") == 5);
  CHECK(DisplayWidth("a → b") == 5);
  CHECK(WrapLines("\x1b[1;31merror\x1b[0m: abc def\n", 14) ==
        "\x1b[1;31merror\x1b[0m: abc def\n");
  CHECK(WrapLines("\x1b[1;31merror\x1b[0m: abc def\n", 11) ==
        "\x1b[1;31merror\x1b[0m: abc\n  def\n");
}

}  // namespace
}  // namespace ampcheck
