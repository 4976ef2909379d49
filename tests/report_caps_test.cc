// A 5,000-service fleet (the synthetic graph of bench/graph_bench.sh): one
// finding per cause keeps its SARIF under the 25,000 results an upload takes
// (over a limit the worst are kept and the rest counted), Markdown stays under
// 65,536 characters with at most 500 edges in its graph, and text lines fit 100
// columns with the notes counted, not listed.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/report/finding_order.h"
#include "analyzer/report/mermaid_graph.h"
#include "analyzer/report/reporter.h"
#include "analyzer/report/sarif_report.h"
#include "analyzer/report/text_wrap.h"
#include "analyzer/resolve/resolver.h"
#include "tests/fleet_generator.h"

namespace ampcheck {
namespace {

struct Fleet {
  Model model;
  Analysis analysis;
};

const Fleet& FiveThousandServices() {
  static const Fleet fleet = [] {
    Fleet f;
    f.model = Resolve(SyntheticGraphFleet(5000, 4), Policy{}, {});
    f.analysis = Analyze(f.model, {});
    return f;
  }();
  return fleet;
}

// Text as on a terminal of the default width.
std::string Render(const std::string& format, const Fleet& fleet) {
  std::ostringstream out;
  ReportOptions options;
  options.width = kDefaultTextWidth;
  MakeReporter(format)->Render(fleet.model, fleet.analysis, options, out);
  return out.str();
}

size_t Count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1))
    ++n;
  return n;
}

TEST_CASE(
    "caps: SARIF of 5,000 services is under 25,000 results, and over a limit "
    "the worst are kept") {
  const Fleet& fleet = FiveThousandServices();
  const std::vector<Finding>& findings = fleet.analysis.findings;
  REQUIRE(fleet.model.services.size() == 5000);
  REQUIRE(fleet.analysis.suppressed.empty());
  // One finding per cause: the whole fleet fits in one upload.
  CHECK(findings.size() < kSarifMaxResults);
  CHECK(
      SarifJson(fleet.model, fleet.analysis, {})["runs"][0]["results"].size() ==
      findings.size());
  // Over a lower limit, the worst are kept and the rest counted.
  const size_t limit = 2000;
  REQUIRE(findings.size() > limit);
  SarifOptions options;
  options.max_results = limit;
  nlohmann::json sarif = SarifJson(fleet.model, fleet.analysis, options);
  const nlohmann::json& run = sarif["runs"][0];
  CHECK(run["results"].size() == limit);
  const nlohmann::json& omitted = run["properties"];
  CHECK(omitted["resultLimit"] == limit);
  CHECK(omitted["resultsOmitted"] == findings.size() - limit);
  // The worst kept: results in the report's order.
  std::vector<const Finding*> order = WorstFirst(findings);
  CHECK(run["results"][0]["partialFingerprints"][kSarifFingerprintKey] ==
        IdentityFingerprint(order[0]->identity));
  CHECK(
      run["results"][limit - 1]["partialFingerprints"][kSarifFingerprintKey] ==
      IdentityFingerprint(order[limit - 1]->identity));
  int by_severity[3] = {0, 0, 0};
  for (size_t i = limit; i < order.size(); ++i)
    ++by_severity[static_cast<int>(order[i]->severity)];
  CHECK(omitted["resultsOmittedBySeverity"]["error"] == by_severity[2]);
  CHECK(omitted["resultsOmittedBySeverity"]["warning"] == by_severity[1]);
  CHECK(omitted["resultsOmittedBySeverity"]["note"] == by_severity[0]);
}

TEST_CASE("caps: Markdown of 5,000 services under 65,536 characters") {
  const Fleet& fleet = FiveThousandServices();
  std::string md = Render("markdown", fleet);
  CHECK(md.size() <= kMarkdownMaxChars);
  CHECK(md.size() > kMarkdownMaxChars - 4096);  // the room is used
  CHECK(Count(md, " -->|") <= kMermaidMaxEdges);
  CHECK(md.find("**Not shown: ") != std::string::npos);
  CHECK(md.find(" more are not drawn (at most 500 edges and 20000 "
                "characters).</sub>") != std::string::npos);
  CHECK(md.ends_with(" tries per request.</sub>\n"));
}

TEST_CASE("caps: text of 5,000 services fits 100 columns, notes counted") {
  const Fleet& fleet = FiveThousandServices();
  std::string text = Render("text", fleet);
  std::istringstream lines(text);
  std::string line;
  size_t too_wide = 0;
  while (std::getline(lines, line)) {
    if (DisplayWidth(line) <= kDefaultTextWidth) continue;
    // Only a word that cannot be cut (a URL) may pass the width.
    size_t start = line.find_first_not_of(' ');
    if (line.find(' ', start) != std::string::npos) ++too_wide;
  }
  CHECK(too_wide == 0);
  int notes = 0;
  for (const Finding& f : fleet.analysis.findings)
    notes += f.severity == Severity::kNote ? 1 : 0;
  REQUIRE(notes > 0);
  CHECK(text.find("\nand " + std::to_string(notes) +
                  " notes; -v or --severity note to show them\n") !=
        std::string::npos);
  CHECK(text.find(": note: ") == std::string::npos);
}

}  // namespace
}  // namespace ampcheck
