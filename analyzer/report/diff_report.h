// The output of `ampcheck diff`: text, Markdown (the review comment) and JSON
// (schema ampcheck/diff/v1), from one FleetDiff.
#ifndef AMPCHECK_REPORT_DIFF_REPORT_H_
#define AMPCHECK_REPORT_DIFF_REPORT_H_

#include <ostream>
#include <string>
#include <vector>

#include "analyzer/analyze/diff.h"

namespace ampcheck {

inline constexpr const char* kDiffSchema = "ampcheck/diff/v1";

// "text", "markdown", "json".
std::vector<std::string> DiffFormats();

// False for an unknown format.
bool RenderDiff(const std::string& format, const FleetSide& base,
                const FleetSide& head, const FleetDiff& diff,
                std::ostream& out);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_DIFF_REPORT_H_
