#include "analyzer/base/threads.h"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace ampcheck {

void ParallelFor(size_t count, int threads,
                 const std::function<void(size_t)>& work) {
  std::atomic<size_t> next{0};
  auto drain = [&] {
    for (size_t i; (i = next++) < count;) work(i);
  };
  size_t helpers = std::min(count, static_cast<size_t>(std::max(threads, 1)));
  std::vector<std::thread> pool;
  for (size_t t = 1; t < helpers; ++t) pool.emplace_back(drain);
  drain();
  for (std::thread& thread : pool) thread.join();
}

void ParallelForBlocks(size_t count, size_t block, size_t min_blocks,
                       int threads,
                       const std::function<void(size_t, size_t)>& work) {
  const size_t blocks = (count + block - 1) / block;
  ParallelFor(blocks, blocks < min_blocks ? 1 : threads, [&](size_t b) {
    work(b * block, std::min(count, (b + 1) * block));
  });
}

size_t PartsFor(size_t count, int threads) {
  return count < 100000 ? 1 : static_cast<size_t>(std::max(threads, 1));
}

void ParallelParts(size_t count, size_t parts, int threads,
                   const std::function<void(size_t, size_t, size_t)>& work) {
  ParallelFor(parts, threads, [&](size_t part) {
    work(part, part * count / parts, (part + 1) * count / parts);
  });
}

std::optional<int> CpuQuotaCores(std::string_view cpu_max) {
  size_t space = cpu_max.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  std::string_view quota = cpu_max.substr(0, space);
  std::string_view period = cpu_max.substr(space + 1);
  while (!period.empty() && (period.back() == '\n' || period.back() == ' '))
    period.remove_suffix(1);
  long long q = 0, p = 0;
  if (quota == "max") return std::nullopt;
  if (std::from_chars(quota.data(), quota.data() + quota.size(), q).ec !=
          std::errc() ||
      std::from_chars(period.data(), period.data() + period.size(), p).ec !=
          std::errc() ||
      q <= 0 || p <= 0)
    return std::nullopt;
  return static_cast<int>(std::max(1LL, (q + p - 1) / p));
}

int AvailableCores(int affinity_cpus, std::optional<int> quota_cores) {
  int cores = std::max(1, affinity_cpus);
  if (quota_cores) cores = std::min(cores, *quota_cores);
  return std::max(1, cores);
}

int ThreadCount(int requested) {
  if (requested > 0) return requested;
  int affinity = static_cast<int>(std::thread::hardware_concurrency());
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) affinity = CPU_COUNT(&set);
  std::optional<int> quota;
  std::ifstream cpu_max("/sys/fs/cgroup/cpu.max");
  if (cpu_max) {
    std::stringstream text;
    text << cpu_max.rdbuf();
    quota = CpuQuotaCores(text.str());
  }
  return AvailableCores(affinity, quota);
}

}  // namespace ampcheck
