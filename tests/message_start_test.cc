// Every check's cheap message start (Check::SpellMessageStart) begins the
// message it writes, and ordering by starts gives the order of the whole
// messages, on one thread or two, on every fixture fleet and a synthetic one.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "analyzer/analyze/candidate_order.h"
#include "analyzer/cli/scan.h"
#include "analyzer/resolve/resolver.h"
#include "tests/fleet_generator.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

using Listed = std::tuple<Location, std::string, std::string>;

std::string WholeMessage(const AnalysisContext& context, const Candidate& c) {
  return c.written ? c.written->message
                   : context.SpellText(c.pending_calls, c.spelling).message;
}

// Runs every check on `model`; returns how many candidates left their text
// to their check.
int CheckStartsAndOrder(const Model& model) {
  const GraphAnalysis graph = AnalyzeGraph(model);
  const AnalysisContext context(model, graph);
  std::vector<Candidate> candidates;
  for (const auto& check : AllChecks()) check->Run(context, &candidates);
  int lazy = 0;
  std::vector<Listed> expected;
  for (const Candidate& c : candidates) {
    const FindingCore& f = c.core();
    std::string whole = WholeMessage(context, c);
    if (f.spelling.check) {
      ++lazy;
      std::string start;
      f.spelling.check->SpellMessageStart(context, f.pending_calls, f.spelling,
                                          &start);
      INFO(f.check, ": ", whole);
      CHECK(whole.compare(0, start.size(), start) == 0);
    }
    expected.emplace_back(f.location, f.check, whole);
  }
  std::sort(expected.begin(), expected.end());
  expected.erase(std::unique(expected.begin(), expected.end()), expected.end());

  std::vector<Candidate*> order;
  for (Candidate& c : candidates) order.push_back(&c);
  std::vector<Candidate*> on_threads = order;
  OrderCandidates(context, &order);
  OrderCandidates(context, &on_threads, 2);
  CHECK(on_threads == order);
  std::vector<Listed> listed;
  for (const Candidate* c : order)
    listed.emplace_back(c->core().location, c->core().check,
                        WholeMessage(context, *c));
  CHECK(listed == expected);
  return lazy;
}

TEST_CASE("message starts begin their messages and order them, every fleet") {
  int lazy = 0;
  for (const auto& entry : fs::directory_iterator(
           fs::path(AMPCHECK_SOURCE_DIR) / "fixtures/fleets")) {
    if (!entry.is_directory()) continue;
    INFO(entry.path().filename().string());
    ScanOptions options;
    options.inputs = {entry.path().string()};
    options.working_directory = options.inputs[0];
    options.jobs = 1;
    DiskFileSystem disk;
    lazy += CheckStartsAndOrder(RunScan(disk, options).model);
  }
  // The fleets exercise the checks that leave their text (else this proves
  // nothing).
  CHECK(lazy > 50);
}

TEST_CASE("message starts order a synthetic fleet's tied candidates") {
  const Model model = Resolve(SyntheticGraphFleet(600, 4), Policy{}, {});
  CHECK(CheckStartsAndOrder(model) > 1000);
}

}  // namespace
}  // namespace ampcheck
