#include "analyzer/base/line_index.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("line index: whole lines by number, with their newlines") {
  LineIndex lines("one\ntwo\nthree");
  CHECK(lines.Lines(1, 1) == "one\n");
  CHECK(lines.Lines(2, 3) == "two\nthree");
  CHECK(lines.Lines(3, 9) == "three");
  CHECK(lines.Lines(0, 1).empty());
  CHECK(lines.Lines(4, 4).empty());
  CHECK(lines.Lines(2, 1).empty());
  CHECK(LineIndex("a\n").Lines(2, 2).empty());
}

}  // namespace ampcheck
