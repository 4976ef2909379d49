#include "analyzer/base/threads.h"

#include <doctest/doctest.h>

#include <thread>

namespace ampcheck {
namespace {

TEST_CASE("threads: a --jobs value, or every core for 0") {
  CHECK(ThreadCount(3) == 3);
  CHECK(ThreadCount(1) == 1);
  unsigned cores = std::thread::hardware_concurrency();
  CHECK(ThreadCount(0) == (cores > 0 ? static_cast<int>(cores) : 1));
}

}  // namespace
}  // namespace ampcheck
