// The JSON report printed on several threads is the serial text: a large
// cause's calls and paths are printed a window at a time and added in order.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/base/json_dump.h"
#include "analyzer/report/json_report.h"
#include "analyzer/resolve/resolver.h"
#include "tests/fleet_generator.h"

namespace ampcheck {
namespace {

std::string Report(const Model& model, const Analysis& analysis, int threads) {
  std::ostringstream out;
  WriteReportJson(out, model, analysis, threads);
  return out.str();
}

TEST_CASE("json report: a large cause printed on threads is the serial text") {
  // 3,000 services: the mesh default's cause affects thousands of calls,
  // more than one window (8,192) of them is not needed, several blocks are.
  Policy policy;
  Model model = Resolve(SyntheticGraphFleet(3000, 4), policy, {});
  Analysis analysis = Analyze(model, {});
  size_t largest = 0;
  for (const Finding& f : analysis.findings)
    largest = std::max(largest, f.affected.size());
  REQUIRE(largest > 2 * 512);
  const std::string serial = Report(model, analysis, 1);
  CHECK(Report(model, analysis, 2) == serial);
  CHECK(Report(model, analysis, 3) == serial);
  CHECK(serial == DumpJson(ReportJson(model, analysis), 2));
}

TEST_CASE("json report: a cause over one window is printed whole, in order") {
  // 12,000 services: the largest cause lists more than 8,192 calls or paths.
  Policy policy;
  Model model = Resolve(SyntheticGraphFleet(12000, 4), policy, {});
  Analysis analysis = Analyze(model, {});
  const Finding* largest = nullptr;
  for (const Finding& f : analysis.findings) {
    if (!largest || largest->affected.size() < f.affected.size()) largest = &f;
  }
  REQUIRE(largest->affected.size() > 8192);
  const std::string serial = Report(model, analysis, 1);
  CHECK(Report(model, analysis, 2) == serial);
  nlohmann::json report = nlohmann::json::parse(serial);
  for (const auto& f : report["findings"]) {
    if (f["identity"] != largest->identity) continue;
    CHECK(f["affected"].size() == largest->affected.size());
    CHECK(f["affected_count"] == largest->affected.size());
  }
}

}  // namespace
}  // namespace ampcheck
