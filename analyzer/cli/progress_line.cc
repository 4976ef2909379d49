#include "analyzer/cli/progress_line.h"

#include <unistd.h>

#include <cmath>

namespace ampcheck {

bool StderrIsTerminal() { return isatty(STDERR_FILENO) == 1; }

ProgressLine::ProgressLine(std::ostream& out, uint64_t total, bool enabled)
    : out_(out),
      total_(total),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()) {}

std::string ProgressLine::Format(uint64_t done, uint64_t total, uint64_t cached,
                                 double seconds) {
  std::string text =
      std::to_string(done) + "/" + std::to_string(total) + " files";
  if (cached > 0) text += " (" + std::to_string(cached) + " cached)";
  if (seconds <= 0 || done == 0) return text;
  double rate = done / seconds;
  text += ", " + std::to_string(static_cast<uint64_t>(std::llround(rate))) +
          " files/s";
  if (done < total) {
    uint64_t eta = static_cast<uint64_t>(std::ceil((total - done) / rate));
    text += ", eta " + (eta >= 60 ? std::to_string(eta / 60) + "m" : "") +
            std::to_string(eta % 60) + "s";
  }
  return text;
}

void ProgressLine::Update(const ExtractionCounters& counters) {
  if (!enabled_) return;
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
          .count();
  // \r and "erase to end of line": the line is redrawn in place.
  out_ << "\r\x1b[Kampcheck: "
       << Format(counters.done, total_, counters.cached, seconds) << std::flush;
  drawn_ = true;
}

void ProgressLine::Finish() {
  if (drawn_) out_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

}  // namespace ampcheck
