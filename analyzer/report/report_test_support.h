// For the report tests: findings' entries built by hand.
#ifndef AMPCHECK_REPORT_REPORT_TEST_SUPPORT_H_
#define AMPCHECK_REPORT_REPORT_TEST_SUPPORT_H_

#include <string>
#include <utility>
#include <vector>

#include "analyzer/analyze/causes.h"
#include "analyzer/analyze/finding.h"

namespace ampcheck {

// An entry whose finding wrote its text: the path and message given.
inline Affected WrittenEntry(std::vector<std::string> path, Location location,
                             std::string message) {
  Finding f;
  f.location = std::move(location);
  f.path = std::move(path);
  f.message = std::move(message);
  return AffectedBy(std::move(f));
}

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_REPORT_TEST_SUPPORT_H_
