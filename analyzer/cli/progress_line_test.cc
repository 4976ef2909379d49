#include "analyzer/cli/progress_line.h"

#include <doctest/doctest.h>

#include <sstream>

namespace ampcheck {
namespace {

TEST_CASE("progress: files, files per second and the time left") {
  CHECK(ProgressLine::Format(0, 5000, 0, 0) == "0/5000 files");
  CHECK(ProgressLine::Format(1200, 5000, 0, 2.0) ==
        "1200/5000 files, 600 files/s, eta 7s");
  CHECK(ProgressLine::Format(1000, 100000, 250, 1.0) ==
        "1000/100000 files (250 cached), 1000 files/s, eta 1m39s");
  CHECK(ProgressLine::Format(5000, 5000, 0, 4.0) ==
        "5000/5000 files, 1250 files/s");
}

TEST_CASE("progress: nothing is drawn when stderr is not a terminal") {
  std::ostringstream out;
  ExtractionCounters counters;
  counters.done = 3;
  ProgressLine off(out, 10, false);
  off.Update(counters);
  off.Finish();
  CHECK(out.str().empty());
  ProgressLine on(out, 10, true);
  on.Update(counters);
  CHECK(out.str().rfind("\r\x1b[Kampcheck: 3/10 files", 0) == 0);
  on.Finish();
  CHECK(out.str().substr(out.str().size() - 4) == "\r\x1b[K");
}

}  // namespace
}  // namespace ampcheck
