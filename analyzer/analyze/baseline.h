// Accepted findings: a baseline file (.ampcheck-baseline.json) lists findings
// that existed when it was taken, matched by Finding::identity, so that a
// check can be adopted without fixing every existing debt first. Baseline
// entries and policy suppressions that no longer match anything are stale and
// reported as such.
#ifndef AMPCHECK_ANALYZE_BASELINE_H_
#define AMPCHECK_ANALYZE_BASELINE_H_

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

inline constexpr const char* kBaselineSchema = "ampcheck/baseline/v1";
inline constexpr const char* kDefaultBaselineFile = ".ampcheck-baseline.json";

struct BaselineEntry {
  std::string identity;  // what matches
  // For people reading the file; not used for matching.
  std::string check;
  std::string message;
  Location location;
  int line = 0;  // where the entry is in the baseline file
};

struct Baseline {
  std::string file;  // display path
  std::vector<BaselineEntry> entries;
};

// The baseline file for these findings: sorted by identity, deterministic.
std::string BaselineText(const std::vector<Finding>& findings);

// Parses a baseline file; false with a diagnostic (file and line) when it is
// not one.
bool ParseBaseline(const std::string& file, std::string_view content,
                   Baseline* baseline, Diagnostic* error);

// After Analyze: moves findings the baseline accepts into
// analysis->suppressed (reason "accepted in baseline", at the entry), and adds
// a warning diagnostic for every baseline entry and policy suppression that
// matches no finding. Entries of disabled checks are not stale.
void ReconcileAccepted(const Baseline* baseline,
                       const std::set<std::string>& disabled_checks,
                       Model* model, Analysis* analysis);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_BASELINE_H_
