// How many threads a --jobs value means, in one place for extraction and
// analysis.
#ifndef AMPCHECK_BASE_THREADS_H_
#define AMPCHECK_BASE_THREADS_H_

#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

namespace ampcheck {

// `requested` when positive, else the cores this process may use: the CPUs
// of its affinity mask (sched_getaffinity), capped by the cgroup v2 CPU
// quota (/sys/fs/cgroup/cpu.max), at least 1.
int ThreadCount(int requested);

// Calls work(i) once for each i in [0, count), on up to `threads` threads
// (this one included; fewer when there is less work); returns when all are
// done. `work` must be safe to run on different indices at once.
void ParallelFor(size_t count, int threads,
                 const std::function<void(size_t)>& work);

// Calls work(begin, end) for consecutive ranges of `block` items covering
// [0, count), on up to `threads` threads, or on this one alone when there
// are fewer than `min_blocks` ranges (a small input is not worth a thread).
// For a step whose items are cheap: one call per range, not per item.
void ParallelForBlocks(size_t count, size_t block, size_t min_blocks,
                       int threads,
                       const std::function<void(size_t, size_t)>& work);

// How many consecutive parts a step over `count` items is made in, each on
// a thread of its own: one below 100,000 items (not worth a thread), else
// one a thread.
size_t PartsFor(size_t count, int threads);

// Calls work(part, begin, end) for each of `parts` consecutive ranges that
// cover [0, count), on up to `threads` threads: for a step whose results are
// kept by part and joined in part order.
void ParallelParts(size_t count, size_t parts, int threads,
                   const std::function<void(size_t, size_t, size_t)>& work);

// Cores a cgroup v2 `cpu.max` line allows ("QUOTA PERIOD", "max PERIOD"):
// ceil(quota / period), nullopt when unlimited or unreadable.
std::optional<int> CpuQuotaCores(std::string_view cpu_max);

// ThreadCount(0) from its parts: the affinity count and the quota.
int AvailableCores(int affinity_cpus, std::optional<int> quota_cores);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_THREADS_H_
