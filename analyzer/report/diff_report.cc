#include "analyzer/report/diff_report.h"

#include <algorithm>

#include "analyzer/analyze/check.h"
#include "analyzer/base/json_dump.h"
#include "analyzer/base/strings.h"
#include "analyzer/report/json_report.h"
#include "analyzer/report/markdown_report.h"
#include "analyzer/report/plural.h"

namespace ampcheck {
namespace {

std::string Headline(const FleetDiff& diff) {
  return Plural(diff.paths.size(), "path") + " changed tries, " +
         Plural(diff.added.size(), "finding") + " added, " +
         std::to_string(diff.worsened.size()) + " worsened, " +
         std::to_string(diff.fixed.size()) + " fixed";
}

bool AllClear(const FleetDiff& diff) {
  return diff.paths.empty() && diff.added.empty() && diff.worsened.empty() &&
         diff.fixed.empty();
}

std::string FindingText(const Finding& f) {
  std::string where = f.location.ToString();
  return (where.empty() ? "" : where + ": ") + SeverityName(f.severity) + ": " +
         f.message + " [" + std::string(f.check) + "]";
}

void RenderText(const FleetSide& base, const FleetSide& head,
                const FleetDiff& diff, std::ostream& out) {
  if (AllClear(diff)) {
    out << "no change to retry amplification: no path's tries changed and no "
           "finding was added";
    if (diff.kept > 0)
      out << " (" << Plural(diff.kept, "finding") << " remain from before)";
    out << "\n";
    return;
  }
  AnalysisContext before(base.model, base.analysis.graph);
  AnalysisContext after(head.model, head.analysis.graph);
  out << Headline(diff) << "\n";
  if (!diff.paths.empty()) out << "\npaths whose tries changed:\n";
  for (const PathChange& c : diff.paths) {
    out << "  " << Join(c.names, " -> ") << ": " << c.before.ToString()
        << " -> " << c.after.ToString() << " tries: " << DescribePathChange(c)
        << "\n";
    out << "    before: "
        << (c.added() ? "no such call" : before.PathArithmetic(c.base_calls))
        << "\n";
    out << "    after:  "
        << (c.removed() ? "no such call" : after.PathArithmetic(c.head_calls))
        << "\n";
  }
  out << "\nfindings added (" << diff.added.size() << "):\n";
  for (const Finding& f : diff.added) {
    out << "  " << FindingText(f) << "\n";
    if (!f.arithmetic.empty()) out << "      " << f.arithmetic << "\n";
  }
  if (!diff.worsened.empty()) {
    out << "findings worsened (" << diff.worsened.size() << "):\n";
    for (const WorsenedFinding& w : diff.worsened) {
      out << "  " << FindingText(w.after) << "\n";
      out << "      worsened: " << w.how << "\n";
      out << "      before: " << w.before.arithmetic << "\n";
      out << "      after:  " << w.after.arithmetic << "\n";
    }
  }
  out << "findings fixed (" << diff.fixed.size() << "):\n";
  for (const Finding& f : diff.fixed) out << "  " << FindingText(f) << "\n";
  if (size_t unchanged = diff.kept - diff.worsened.size(); unchanged > 0)
    out << Plural(unchanged, "finding") << " unchanged from before\n";
}

std::string Side(const Model& model, const std::vector<int>& calls,
                 const Tries& tries) {
  if (calls.empty()) return "no such call";
  return MarkdownFactors(model, calls) + " = **" + tries.ToString() + "**";
}

void RenderMarkdownPath(const FleetSide& base, const FleetSide& head,
                        const PathChange& c, std::ostream& out) {
  out << "**" << MarkdownPathName(c.names) << ": " << c.before.ToString()
      << " → " << c.after.ToString()
      << " tries per request**: " << MarkdownEscape(DescribePathChange(c))
      << "\n";
  out << "- before: " << Side(base.model, c.base_calls, c.before) << "\n";
  out << "- after: " << Side(head.model, c.head_calls, c.after) << "\n\n";
}

void RenderFindingList(const std::vector<Finding>& findings,
                       std::ostream& out) {
  for (const Finding& f : findings) {
    out << "- " << (f.severity == Severity::kError ? ":x:" : ":warning:")
        << " `" << f.check << "`";
    if (f.location.known()) out << " at `" << f.location.ToString() << "`";
    out << ": " << MarkdownEscape(f.message) << "\n";
  }
  out << "\n";
}

void RenderMarkdown(const FleetSide& base, const FleetSide& head,
                    const FleetDiff& diff, std::ostream& out) {
  out << kMarkdownMarker << "\n";
  if (AllClear(diff)) {
    out << "### ampcheck: no change to retry amplification "
           ":white_check_mark:\n\nNo path's tries changed and this change adds "
           "no finding.";
    if (diff.kept > 0)
      out << " " << Plural(diff.kept, "finding") << " from before remain.";
    out << "\n";
    return;
  }
  out << "### ampcheck: " << Headline(diff)
      << (diff.added.empty() && diff.worsened.empty() ? "" : " :x:") << "\n\n";
  size_t shown = std::min(diff.paths.size(), kMarkdownShownPaths);
  for (size_t i = 0; i < shown; ++i)
    RenderMarkdownPath(base, head, diff.paths[i], out);
  if (shown < diff.paths.size()) {
    out << "<details><summary>"
        << Plural(diff.paths.size() - shown, "more path") << "</summary>\n\n";
    for (size_t i = shown; i < diff.paths.size(); ++i)
      RenderMarkdownPath(base, head, diff.paths[i], out);
    out << "</details>\n\n";
  }
  if (!diff.added.empty()) {
    out << "**Findings added (" << diff.added.size() << ")**\n\n";
    RenderFindingList(diff.added, out);
  }
  if (!diff.worsened.empty()) {
    out << "**Findings worsened (" << diff.worsened.size() << ")**\n\n";
    for (const WorsenedFinding& w : diff.worsened) {
      out << "- "
          << (w.after.severity == Severity::kError ? ":x:" : ":warning:")
          << " `" << w.after.check << "`";
      if (w.after.location.known())
        out << " at `" << w.after.location.ToString() << "`";
      out << ": worsened: " << MarkdownEscape(w.how) << ": "
          << MarkdownEscape(w.after.message) << "\n";
      out << "  - before: " << MarkdownEscape(w.before.arithmetic) << "\n";
      out << "  - after: " << MarkdownEscape(w.after.arithmetic) << "\n";
    }
    out << "\n";
  }
  if (!diff.fixed.empty()) {
    out << "<details><summary>Findings fixed (" << diff.fixed.size()
        << ")</summary>\n\n";
    RenderFindingList(diff.fixed, out);
    out << "</details>\n\n";
  }
  std::vector<int> calls;
  for (const PathChange& c : diff.paths)
    calls.insert(calls.end(), c.head_calls.begin(), c.head_calls.end());
  if (!calls.empty())
    out << MermaidGraph(head.model, head.analysis.graph, calls) << "\n";
  if (diff.kept > diff.worsened.size())
    out << "<sub>" << Plural(diff.kept - diff.worsened.size(), "finding")
        << " existed before this change and are not counted here.</sub>\n";
}

nlohmann::json LayerChangeJson(const LayerChange& c) {
  const char* kinds[] = {"added", "removed", "changed"};
  nlohmann::json out = {{"change", kinds[static_cast<int>(c.kind)]},
                        {"call", c.call}};
  if (c.before) out["before"] = LayerJson(*c.before);
  if (c.after) out["after"] = LayerJson(*c.after);
  return out;
}

void RenderJson(const FleetSide& base, const FleetSide& head,
                const FleetDiff& diff, std::ostream& out) {
  AnalysisContext before(base.model, base.analysis.graph);
  AnalysisContext after(head.model, head.analysis.graph);
  nlohmann::json doc = {
      {"schema", kDiffSchema},
      {"tool", {{"name", "ampcheck"}, {"version", AMPCHECK_VERSION}}}};
  doc["paths"] = nlohmann::json::array();
  for (const PathChange& c : diff.paths) {
    nlohmann::json p = {{"services", c.names},
                        {"before", TriesJson(c.before)},
                        {"after", TriesJson(c.after)},
                        {"why", DescribePathChange(c)}};
    if (!c.added())
      p["before_arithmetic"] = before.PathArithmetic(c.base_calls);
    if (!c.removed())
      p["after_arithmetic"] = after.PathArithmetic(c.head_calls);
    p["layers"] = nlohmann::json::array();
    for (const LayerChange& l : c.layers)
      p["layers"].push_back(LayerChangeJson(l));
    doc["paths"].push_back(p);
  }
  doc["added"] = nlohmann::json::array();
  for (const Finding& f : diff.added)
    doc["added"].push_back(FindingJson(after, f));
  doc["worsened"] = nlohmann::json::array();
  for (const WorsenedFinding& w : diff.worsened) {
    doc["worsened"].push_back({{"how", w.how},
                               {"before", FindingJson(before, w.before)},
                               {"after", FindingJson(after, w.after)}});
  }
  doc["fixed"] = nlohmann::json::array();
  for (const Finding& f : diff.fixed)
    doc["fixed"].push_back(FindingJson(before, f));
  doc["unchanged_findings"] = diff.kept - diff.worsened.size();
  // The head's worst path, changed or not: what a gate reports as the
  // fleet's worst tries after the change.
  std::vector<int> order = PathOrder(head.model, head.analysis);
  if (!order.empty()) {
    Path worst = after.WorstPathTo(order.front());
    doc["head_worst_path"] = {
        {"services", after.PathNames(worst.calls)},
        {"tries", TriesJson(worst.tries)},
        {"arithmetic", after.PathArithmetic(worst.calls)}};
  }
  out << DumpJson(doc, 2) << "\n";
}

}  // namespace

std::vector<std::string> DiffFormats() { return {"text", "markdown", "json"}; }

bool RenderDiff(const std::string& format, const FleetSide& base,
                const FleetSide& head, const FleetDiff& diff,
                std::ostream& out) {
  if (format == "text") {
    RenderText(base, head, diff, out);
  } else if (format == "markdown") {
    RenderMarkdown(base, head, diff, out);
  } else if (format == "json") {
    RenderJson(base, head, diff, out);
  } else {
    return false;
  }
  return true;
}

}  // namespace ampcheck
