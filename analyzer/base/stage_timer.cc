#include "analyzer/base/stage_timer.h"

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

std::string TimingLine(const char* stage, double seconds) {
  char text[160];
  std::snprintf(text, sizeof text, "ampcheck: timing: %s %.3f s\n", stage,
                seconds);
  return text;
}

StageTimer::StageTimer(const char* stage)
    : stage_(stage), start_(std::chrono::steady_clock::now()) {}

StageTimer::~StageTimer() {
  if (!TimingsWanted()) return;
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
          .count();
  std::fputs(TimingLine(stage_, seconds).c_str(), stderr);
}

}  // namespace ampcheck
