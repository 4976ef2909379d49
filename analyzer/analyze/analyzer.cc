#include "analyzer/analyze/analyzer.h"

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "analyzer/analyze/candidate_order.h"
#include "analyzer/analyze/causes.h"
#include "analyzer/analyze/check.h"
#include "analyzer/analyze/fold.h"
#include "analyzer/base/stage_timer.h"
#include "analyzer/base/threads.h"

namespace ampcheck {
namespace {

const Suppression* Suppressing(const Candidate& candidate,
                               const AnalysisContext& context) {
  const FindingCore& finding = candidate.core();
  std::optional<std::vector<std::string>> names;
  for (const Suppression& s : context.model.suppressions) {
    if (s.check != finding.check && s.check != "*") continue;
    // An inline suppression covers the finding on its line only.
    if (s.target.known() && s.target != finding.location) continue;
    if (s.service.empty()) return &s;
    // Named once, for the first suppression scoped to a service.
    if (!names) names = context.PathNamesOf(candidate);
    for (const std::string& name : *names) {
      if (name == s.service) return &s;
    }
  }
  return nullptr;
}

// Threads for work over `items` (calls or candidates): a small fleet's is
// not worth starting one.
int ThreadsFor(size_t items, int requested) {
  return items < 10000 ? 1 : ThreadCount(requested);
}

// Runs the enabled checks on up to options.threads threads, each into lists
// of its own, in check order: the checks only read the model and the graph.
// A check that RunsByCall is run in ranges of calls on a large fleet, each
// range into its own list, in call order.
std::vector<std::vector<Candidate>> RunChecks(const AnalysisContext& context,
                                              const AnalyzeOptions& options) {
  // A small graph is not worth a thread.
  const size_t calls = context.model.calls.size();
  const int threads = ThreadsFor(calls, options.threads);
  struct Task {
    const Check* check;
    size_t begin, end;  // the calls of a check that RunsByCall
  };
  std::vector<Task> tasks;
  for (const auto& check : AllChecks()) {
    if (options.disabled_checks.count(check->id())) continue;
    const size_t ranges = check->RunsByCall() && threads > 1
                              ? 4 * static_cast<size_t>(threads)
                              : 1;
    for (size_t r = 0; r < ranges; ++r)
      tasks.push_back(
          {check.get(), r * calls / ranges, (r + 1) * calls / ranges});
  }
  // Checks that run whole first, so that the ranges fill in around them.
  std::vector<size_t> run_order(tasks.size());
  for (size_t t = 0; t < tasks.size(); ++t) run_order[t] = t;
  std::stable_partition(run_order.begin(), run_order.end(), [&](size_t t) {
    return !tasks[t].check->RunsByCall();
  });
  std::vector<std::vector<Candidate>> by_task(tasks.size());
  ParallelFor(tasks.size(), threads, [&](size_t i) {
    const Task& task = tasks[run_order[i]];
    std::vector<Candidate>* out = &by_task[run_order[i]];
    if (task.check->RunsByCall())
      task.check->RunCalls(context, task.begin, task.end, out);
    else
      task.check->Run(context, out);
  });
  return by_task;
}

// Spells the arithmetic and related layers of every finding that is kept
// (reported or suppressed), on up to `threads` threads: each finding is
// written by one thread only.
void SpellPending(const AnalysisContext& context, Analysis* analysis,
                  int threads) {
  std::vector<Finding*> pending;
  for (Finding& f : analysis->findings) pending.push_back(&f);
  for (auto& [f, suppression] : analysis->suppressed) pending.push_back(&f);
  ParallelFor(pending.size(), pending.size() < 1000 ? 1 : ThreadCount(threads),
              [&](size_t i) { context.SpellPending(pending[i]); });
}

}  // namespace

Analysis Analyze(const Model& model, const AnalyzeOptions& options) {
  Analysis analysis;
  {
    StageTimer timer("analyze: graph");
    analysis.graph = AnalyzeGraph(model);
  }
  AnalysisContext context(model, analysis.graph);
  analysis.cause_names = context.cause_names;
  std::vector<std::vector<Candidate>> by_check;
  {
    StageTimer timer("analyze: checks");
    by_check = RunChecks(context, options);
  }
  // Order and deduplicate through pointers: moving whole findings while
  // sorting costs more than the checks themselves on large fleets.
  std::vector<Candidate*> order;
  for (std::vector<Candidate>& candidates : by_check) {
    for (Candidate& c : candidates) order.push_back(&c);
  }
  {
    StageTimer timer("analyze: order");
    OrderCandidates(context, &order, ThreadsFor(order.size(), options.threads));
  }
  // Suppressions apply to each call or path before causes are grouped, so a
  // suppressed call leaves its cause's list.
  std::vector<Candidate*> kept;
  kept.reserve(order.size());
  for (Candidate* f : order) {
    if (const Suppression* s = Suppressing(*f, context)) {
      analysis.suppressed.emplace_back(std::move(*f).Take(), *s);
    } else {
      kept.push_back(f);
    }
  }
  {
    StageTimer timer("analyze: fold");
    FoldUndocumentedIntoAmplification(context, &kept,
                                      ThreadsFor(kept.size(), options.threads));
  }
  {
    StageTimer timer("analyze: group");
    analysis.findings =
        GroupByCause(kept, ThreadsFor(kept.size(), options.threads));
  }
  {
    StageTimer timer("analyze: free candidates");
    // The candidates left behind are the largest block alive on a large
    // fleet; each task's are freed apart, on every thread.
    ParallelFor(by_check.size(), ThreadsFor(order.size(), options.threads),
                [&](size_t i) { std::vector<Candidate>().swap(by_check[i]); });
    by_check.clear();
  }
  StageTimer timer("analyze: spell");
  SpellPending(context, &analysis, options.threads);
  return analysis;
}

}  // namespace ampcheck
