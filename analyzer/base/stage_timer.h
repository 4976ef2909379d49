// Wall time of the pipeline's stages, and the process's peak memory when
// each ends, printed to standard error when the environment sets
// AMPCHECK_TIMINGS (docs/performance.md): where a run's time and memory go,
// without a profiler.
#ifndef AMPCHECK_BASE_STAGE_TIMER_H_
#define AMPCHECK_BASE_STAGE_TIMER_H_

#include <chrono>
#include <string>

namespace ampcheck {

// Whether AMPCHECK_TIMINGS is set (read once).
bool TimingsWanted();

// "ampcheck: timing: <stage> <seconds> s, peak <MiB> MiB", the line a stage
// prints.
std::string TimingLine(const char* stage, double seconds, double peak_mib);

// The process's peak resident memory so far, in MiB (getrusage).
double PeakResidentMiB();

// Prints the time from its construction to its end, and the peak memory at
// its end, when timings are wanted.
class StageTimer {
 public:
  explicit StageTimer(const char* stage);
  ~StageTimer();
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

 private:
  const char* stage_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_STAGE_TIMER_H_
