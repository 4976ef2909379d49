#include "analyzer/base/stage_timer.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("stage timer: one line per stage, in milliseconds") {
  CHECK(TimingLine("resolve", 0.41249) ==
        "ampcheck: timing: resolve 0.412 s\n");
  CHECK(TimingLine("report", 12.0) == "ampcheck: timing: report 12.000 s\n");
}

}  // namespace
}  // namespace ampcheck
