// Checks that run by call (Check::RunsByCall) are run in ranges of calls on
// a large fleet: what the ranges write is what the whole run writes, and the
// analysis on two threads is the analysis on one.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/analyze/check.h"
#include "analyzer/resolve/resolver.h"
#include "tests/fleet_generator.h"

namespace ampcheck {
namespace {

// What a candidate is about, comparable: where, which calls, why, how much.
using CandidateKey = std::tuple<std::string, int, std::vector<int>, std::string,
                                int, int, std::string>;

std::vector<CandidateKey> Keys(const std::vector<Candidate>& candidates) {
  std::vector<CandidateKey> keys;
  for (const Candidate& c : candidates) {
    const FindingCore& f = c.core();
    keys.emplace_back(f.location.file.str(), f.location.line, f.pending_calls,
                      std::string(f.cause.view()), f.spelling.variant,
                      f.spelling.layer, f.tries.ToString());
  }
  return keys;
}

TEST_CASE(
    "checks: a check run in ranges of calls writes what it writes whole") {
  const Model model = Resolve(SyntheticGraphFleet(300, 4), Policy{}, {});
  const GraphAnalysis graph = AnalyzeGraph(model);
  const AnalysisContext context(model, graph);
  const size_t calls = model.calls.size();
  int by_call = 0;
  for (const auto& check : AllChecks()) {
    if (!check->RunsByCall()) continue;
    INFO(check->id());
    ++by_call;
    std::vector<Candidate> whole, ranged;
    check->Run(context, &whole);
    for (size_t r = 0; r < 7; ++r)
      check->RunCalls(context, r * calls / 7, (r + 1) * calls / 7, &ranged);
    std::vector<CandidateKey> a = Keys(whole), b = Keys(ranged);
    // The same candidates of each call, in the same order.
    CHECK(a.size() == b.size());
    std::stable_sort(a.begin(), a.end(), [](const auto& x, const auto& y) {
      return std::get<2>(x).back() < std::get<2>(y).back();
    });
    std::stable_sort(b.begin(), b.end(), [](const auto& x, const auto& y) {
      return std::get<2>(x).back() < std::get<2>(y).back();
    });
    CHECK(a == b);
  }
  // The checks the fleet's mesh defaults trip, at least.
  CHECK(by_call >= 4);
}

TEST_CASE("checks: a large fleet analysed on two threads is analysed on one") {
  // Enough calls (12,000) for the checks by call to run in ranges.
  const Model model = Resolve(SyntheticGraphFleet(3000, 4), Policy{}, {});
  REQUIRE(model.calls.size() >= 10000);
  AnalyzeOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const Analysis a = Analyze(model, one);
  const Analysis b = Analyze(model, two);
  REQUIRE(a.findings.size() == b.findings.size());
  CHECK(a.findings.size() > 1);
  for (size_t i = 0; i < a.findings.size(); ++i) {
    INFO(i);
    CHECK(a.findings[i].message == b.findings[i].message);
    CHECK(a.findings[i].identity == b.findings[i].identity);
    CHECK(a.findings[i].location == b.findings[i].location);
    REQUIRE(a.findings[i].affected.size() == b.findings[i].affected.size());
    for (size_t k = 0; k < a.findings[i].affected.size(); ++k) {
      if (a.findings[i].affected[k].calls != b.findings[i].affected[k].calls)
        FAIL_CHECK("entry " << k << " differs");
    }
  }
}

}  // namespace
}  // namespace ampcheck
