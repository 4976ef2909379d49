#include "analyzer/base/threads.h"

#include <doctest/doctest.h>
#include <sched.h>

#include <atomic>
#include <thread>
#include <vector>

namespace ampcheck {
namespace {

TEST_CASE("--jobs 0: the cgroup quota caps the affinity mask") {
  CHECK(CpuQuotaCores("max 100000\n") == std::nullopt);
  CHECK(CpuQuotaCores("200000 100000\n") == 2);
  CHECK(CpuQuotaCores("150000 100000") == 2);  // 1.5 cores: 2 threads
  CHECK(CpuQuotaCores("50000 100000\n") == 1);
  CHECK(CpuQuotaCores("banana") == std::nullopt);
  CHECK(CpuQuotaCores("-1 100000") == std::nullopt);
  CHECK(AvailableCores(64, 2) == 2);
  CHECK(AvailableCores(2, 8) == 2);
  CHECK(AvailableCores(4, std::nullopt) == 4);
  CHECK(AvailableCores(0, std::nullopt) == 1);
}

TEST_CASE("--jobs 0 follows this process's affinity mask") {
  cpu_set_t set;
  CPU_ZERO(&set);
  REQUIRE(sched_getaffinity(0, sizeof set, &set) == 0);
  CHECK(ThreadCount(0) <= CPU_COUNT(&set));
  CHECK(ThreadCount(0) >= 1);
  CHECK(ThreadCount(3) == 3);
}

TEST_CASE("ParallelFor runs each index once, on one thread or several") {
  for (int threads : {0, 1, 4}) {
    std::vector<std::atomic<int>> runs(1000);
    ParallelFor(runs.size(), threads, [&](size_t i) { ++runs[i]; });
    for (const std::atomic<int>& r : runs) CHECK(r.load() == 1);
  }
  int calls = 0;
  ParallelFor(0, 4, [&](size_t) { ++calls; });
  CHECK(calls == 0);
}

TEST_CASE("ParallelForBlocks covers each item once, in ranges of a block") {
  for (size_t count : {0, 1, 511, 512, 5000}) {
    CAPTURE(count);
    std::vector<std::atomic<int>> runs(count);
    std::atomic<bool> too_long{false};
    ParallelForBlocks(count, 512, 2, 4, [&](size_t begin, size_t end) {
      if (end - begin > 512) too_long = true;
      for (size_t i = begin; i < end; ++i) ++runs[i];
    });
    CHECK(!too_long);
    for (const std::atomic<int>& r : runs) CHECK(r.load() == 1);
  }
  // Fewer ranges than min_blocks: all on the calling thread.
  const std::thread::id caller = std::this_thread::get_id();
  bool elsewhere = false;
  ParallelForBlocks(5000, 512, 11, 4, [&](size_t, size_t) {
    elsewhere = elsewhere || std::this_thread::get_id() != caller;
  });
  CHECK(!elsewhere);
}

TEST_CASE("ParallelParts covers each item once, a part a thread from 100,000") {
  CHECK(PartsFor(99999, 4) == 1);
  CHECK(PartsFor(100000, 4) == 4);
  CHECK(PartsFor(100000, 0) == 1);
  for (size_t count : {0, 1, 7, 100001}) {
    CAPTURE(count);
    const size_t parts = PartsFor(count, 3);
    std::vector<std::atomic<int>> runs(count);
    std::vector<std::pair<size_t, size_t>> ranges(parts);
    ParallelParts(count, parts, 3, [&](size_t part, size_t begin, size_t end) {
      ranges[part] = {begin, end};
      for (size_t i = begin; i < end; ++i) ++runs[i];
    });
    for (const std::atomic<int>& r : runs) CHECK(r.load() == 1);
    // Consecutive, in part order.
    for (size_t p = 0; p < parts; ++p)
      CHECK(ranges[p].first == (p == 0 ? 0 : ranges[p - 1].second));
    CHECK(ranges.back().second == count);
  }
}

}  // namespace
}  // namespace ampcheck
