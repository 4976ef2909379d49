// A progress line on stderr while files are extracted ("files, files/s,
// eta"), redrawn in place; only when stderr is a terminal, so logs and
// pipes never see it.
#ifndef AMPCHECK_CLI_PROGRESS_LINE_H_
#define AMPCHECK_CLI_PROGRESS_LINE_H_

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

#include "analyzer/extract/fleet_extraction.h"

namespace ampcheck {

class ProgressLine {
 public:
  // Draws on `out` only when `enabled` (see StderrIsTerminal).
  ProgressLine(std::ostream& out, uint64_t total, bool enabled);
  void Update(const ExtractionCounters& counters);
  // Erases the line.
  void Finish();

  // "1200/5000 files (300 cached), 812 files/s, eta 5s"
  static std::string Format(uint64_t done, uint64_t total, uint64_t cached,
                            double seconds);

 private:
  std::ostream& out_;
  uint64_t total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
};

bool StderrIsTerminal();

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_PROGRESS_LINE_H_
