#include "analyzer/base/stage_timer.h"

#include <doctest/doctest.h>

#include <vector>

namespace ampcheck {
namespace {

TEST_CASE("stage timer: one line per stage, in milliseconds and MiB") {
  CHECK(TimingLine("resolve", 0.41249, 271.6) ==
        "ampcheck: timing: resolve 0.412 s, peak 272 MiB\n");
  CHECK(TimingLine("report", 12.0, 0) ==
        "ampcheck: timing: report 12.000 s, peak 0 MiB\n");
}

TEST_CASE("stage timer: the peak memory is the process's, and only grows") {
  const double before = PeakResidentMiB();
  CHECK(before > 0);
  // 64 MiB touched page by page raise the peak by about as much.
  std::vector<char> block(64 << 20);
  for (size_t i = 0; i < block.size(); i += 4096) block[i] = 1;
  CHECK(PeakResidentMiB() >= before);
  CHECK(PeakResidentMiB() + 1 >= 64);
}

}  // namespace
}  // namespace ampcheck
