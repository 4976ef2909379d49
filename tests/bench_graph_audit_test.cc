// The synthetic graph benchmark: N services in eight tiers (a fleet's
// depth: edge, BFF, domain, ..., data), each calling four services of the
// next tier through env URLs (one call in a hundred goes back a tier, so
// there are cycles), in one injected namespace, resolved and analyzed from
// facts (no files). Without AMPCHECK_BENCH_SERVICES it checks a small graph
// comes out whole; with it (bench/graph_bench.sh) it prints the times of
// resolve and analyze for N and 2N services.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <streambuf>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/threads.h"
#include "analyzer/report/json_report.h"
#include "analyzer/report/reporter.h"
#include "analyzer/resolve/resolver.h"
#include "tests/fleet_generator.h"

namespace ampcheck {
namespace {

struct Timing {
  double resolve_s = 0, graph_s = 0, analyze_s = 0, report_s = 0, text_s = 0;
  size_t services = 0, calls = 0, findings = 0, report_bytes = 0,
         text_bytes = 0;
};

// Counts what the report writes without keeping it: the report's own time,
// not a file system's.
class CountingBuffer : public std::streambuf {
 public:
  size_t bytes = 0;

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) ++bytes;
    return c;
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += static_cast<size_t>(n);
    return n;
  }
};

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since)
      .count();
}

// Resolve; the graph's products and worst paths alone (AnalyzeGraph); and,
// when `checks`, the whole of Analyze (graph, checks, findings), the JSON
// report of it (every cause with every call and path it affects), and the
// text report a person reads (each cause with its worst few).
Timing ResolveAndAnalyze(int services, bool checks) {
  std::vector<FileFacts> facts = SyntheticGraphFleet(services, 4);
  Policy policy;
  Timing t;
  auto start = std::chrono::steady_clock::now();
  Model model = Resolve(facts, policy, {});
  t.resolve_s = Seconds(start);
  start = std::chrono::steady_clock::now();
  GraphAnalysis graph = AnalyzeGraph(model);
  t.graph_s = Seconds(start);
  if (checks) {
    start = std::chrono::steady_clock::now();
    Analysis analysis = Analyze(model, {});
    t.analyze_s = Seconds(start);
    t.findings = analysis.findings.size();
    CountingBuffer counter;
    std::ostream out(&counter);
    start = std::chrono::steady_clock::now();
    WriteReportJson(out, model, analysis, ThreadCount(0));
    t.report_s = Seconds(start);
    t.report_bytes = counter.bytes;
    CountingBuffer text_counter;
    std::ostream text_out(&text_counter);
    start = std::chrono::steady_clock::now();
    MakeTextReporter()->Render(model, analysis, {}, text_out);
    t.text_s = Seconds(start);
    t.text_bytes = text_counter.bytes;
    if (std::getenv("AMPCHECK_BENCH_PER_CHECK")) {
      AnalysisContext context(model, graph);
      for (const auto& check : AllChecks()) {
        std::vector<Candidate> findings;
        auto check_start = std::chrono::steady_clock::now();
        check->Run(context, &findings);
        std::printf("bench:   %s: %zu findings, %.3f s\n", check->id(),
                    findings.size(), Seconds(check_start));
      }
    }
  }
  t.services = model.services.size();
  t.calls = model.calls.size();
  return t;
}

TEST_CASE("graph benchmark: a synthetic fleet resolves whole") {
  const char* env = std::getenv("AMPCHECK_BENCH_SERVICES");
  if (!env) {
    Timing t = ResolveAndAnalyze(300, true);
    CHECK(t.services == 300);
    CHECK(t.calls > 900);   // four env URLs each but from the last tier
    CHECK(t.findings > 0);  // mesh defaults multiply along the chains
    CHECK(t.report_bytes > 1000);
    CHECK(t.text_bytes > 1000);
    return;
  }
  int n = std::atoi(env);
  const char* checks_env = std::getenv("AMPCHECK_BENCH_CHECKS");
  bool checks = !checks_env || std::string(checks_env) != "0";
  for (int size : {n, 2 * n}) {
    Timing t = ResolveAndAnalyze(size, checks);
    std::printf(
        "bench: %zu services, %zu calls: resolve %.3f s, graph products "
        "%.3f s",
        t.services, t.calls, t.resolve_s, t.graph_s);
    if (checks) {
      std::printf(
          ", analyze (graph + checks) %.3f s, %zu findings, json report "
          "%.3f s (%zu bytes), analysis + report %.3f s; text report %.3f s "
          "(%zu bytes), analysis + text report %.3f s",
          t.analyze_s, t.findings, t.report_s, t.report_bytes,
          t.analyze_s + t.report_s, t.text_s, t.text_bytes,
          t.analyze_s + t.text_s);
    }
    std::printf("\n");
    std::fflush(stdout);  // one line per size, as soon as it is measured
  }
}

}  // namespace
}  // namespace ampcheck
