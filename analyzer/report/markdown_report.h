// Markdown for a review comment: per affected path the total tries and each
// layer's factor with its file:line, a Mermaid graph of the affected calls,
// worst paths first and the rest folded; a one-line all-clear otherwise.
// At most ReportOptions::markdown_max_chars: what does not fit is counted.
#ifndef AMPCHECK_REPORT_MARKDOWN_REPORT_H_
#define AMPCHECK_REPORT_MARKDOWN_REPORT_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/report/mermaid_graph.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// The first line of every comment ampcheck writes, so that CI updates its
// own comment instead of adding one per push.
inline constexpr const char* kMarkdownMarker = "<!-- ampcheck -->";

// Paths shown in full before the rest is folded into <details>.
inline constexpr size_t kMarkdownShownPaths = 5;

// The model's calls by (caller, callee) display name, built once per report:
// looked up per finding, a fleet's findings times its calls is too much.
using CallsByNames = std::map<std::pair<std::string, std::string>, int>;
CallsByNames IndexCallsByNames(const Model& model);

// The calls along a path named by service display names (a finding's path),
// or empty when a hop is not a call of the model.
std::vector<int> CallsAlong(const Model& model,
                            const std::vector<std::string>& names);
std::vector<int> CallsAlong(const CallsByNames& by_names,
                            const std::vector<std::string>& names);

// "3 (client: shared HTTP wrapper, `checkout/client.go:41`) × 3 (mesh: Istio
// 1.21 default)": each retrying layer's factor and where it is set, with its
// hop ("mesh on catalog→inventory") on a path of several calls; "1 (no
// retrying layer)" when nothing on the path retries.
std::string MarkdownFactors(const Model& model, const std::vector<int>& calls);

// "checkout → pricing" with each name in code style.
std::string MarkdownPathName(const std::vector<std::string>& names);

// Escapes text for a Markdown table cell or list item.
std::string MarkdownEscape(const std::string& text);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_MARKDOWN_REPORT_H_
