#include "analyzer/base/stage_timer.h"

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>

namespace ampcheck {

bool TimingsWanted() {
  static const bool wanted = [] {
    const char* value = std::getenv("AMPCHECK_TIMINGS");
    return value && *value && std::string(value) != "0";
  }();
  return wanted;
}

std::string TimingLine(const char* stage, double seconds, double peak_mib) {
  char text[192];
  std::snprintf(text, sizeof text,
                "ampcheck: timing: %s %.3f s, peak %.0f MiB\n", stage, seconds,
                peak_mib);
  return text;
}

double PeakResidentMiB() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<double>(usage.ru_maxrss) / 1024;  // Linux: KiB
}

StageTimer::StageTimer(const char* stage)
    : stage_(stage), start_(std::chrono::steady_clock::now()) {}

StageTimer::~StageTimer() {
  if (!TimingsWanted()) return;
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
          .count();
  std::fputs(TimingLine(stage_, seconds, PeakResidentMiB()).c_str(), stderr);
}

}  // namespace ampcheck
