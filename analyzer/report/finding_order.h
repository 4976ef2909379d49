// The order every format shows findings in, worst first, and the one a cap
// keeps: severity; then the numbers the finding is about (its path's or
// call's tries, unbounded first, then the bounded product); then identity,
// so that two runs print the same order and a diff of reports stays small.
#ifndef AMPCHECK_REPORT_FINDING_ORDER_H_
#define AMPCHECK_REPORT_FINDING_ORDER_H_

#include <vector>

#include "analyzer/analyze/finding.h"

namespace ampcheck {

// Whether `a` is shown before `b`. A total order: findings equal in all of
// the above are ordered by location, check and message.
bool WorseFirst(const Finding& a, const Finding& b);

// The findings of severity `least` or worse, in that order: the text report
// lists a large fleet's few errors and warnings without ordering its tens of
// thousands of notes, which it counts.
std::vector<const Finding*> WorstFirst(const std::vector<Finding>& findings,
                                       Severity least = Severity::kNote);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_FINDING_ORDER_H_
