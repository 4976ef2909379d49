// retry-without-budget: the mesh retries calls into a service and nothing
// limits those retries in aggregate: no retry budget (DestinationRule
// trafficPolicy.retryBudget, or an EnvoyFilter's retry_budget) and no cap on
// concurrent retries (connectionPool.http.maxRetries, 2^32-1 by default).
// When the service fails, its load grows by the full product of the mesh's
// tries; a budget of p% holds the growth to 1 + p/100 (seed 002: 1.2x).
// Reported once per service, where its Service is declared, since budgets and
// caps are set per destination.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/analyze/arithmetic.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// The budget the message suggests: Envoy's and Istio's default percent.
constexpr double kSuggestedBudgetPercent = 20;

class RetryWithoutBudgetCheck : public Check {
 public:
  const char* id() const override { return "retry-without-budget"; }
  Severity severity() const override { return Severity::kNote; }
  const char* summary() const override {
    return "a retrying mesh hop with no retry budget or concurrency cap";
  }
  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    const Model& model = context.model;
    // The unlimited retrying mesh layers of every call, then in runs by
    // callee, each run in call order (one list, not a list per service: a
    // large fleet has a hundred thousand callees).
    std::vector<std::pair<int, const Layer*>> unlimited;
    for (size_t i = 0; i < model.calls.size(); ++i) {
      for (const Layer& layer : model.calls[i].layers) {
        if (layer.kind != LayerKind::kMesh || !layer.retries() ||
            layer.budget_percent || layer.max_concurrent_retries)
          continue;
        unlimited.push_back({static_cast<int>(i), &layer});
      }
    }
    size_t callees = 0;
    const std::vector<std::pair<int, const Layer*>> by_callee = ByCallee(
        unlimited, context.graph.ends, model.services.size(), &callees);
    // One finding a callee: a large fleet's list is never copied as it grows.
    findings->reserve(findings->size() + callees);
    const std::string suggestion = SuggestedBudget();
    const std::vector<CallEnds>& ends = context.graph.ends;
    for (auto run = by_callee.begin(); run != by_callee.end();) {
      const int callee = ends[run->first].to;
      auto end = run;
      while (end != by_callee.end() && ends[end->first].to == callee) ++end;
      findings->emplace_back(
          Make(context, callee, &*run, &*run + (end - run), suggestion));
      run = end;
    }
  }

 private:
  // `entries` in runs by callee, in callee order, each run in the order
  // given, and how many callees they have: a counting sort, linear in a
  // large fleet's hundreds of thousands of layers.
  static std::vector<std::pair<int, const Layer*>> ByCallee(
      const std::vector<std::pair<int, const Layer*>>& entries,
      const std::vector<CallEnds>& ends, size_t services, size_t* callees) {
    std::vector<size_t> start(services + 1, 0);
    for (const auto& entry : entries) ++start[ends[entry.first].to + 1];
    for (size_t s = 0; s < services; ++s) {
      *callees += start[s + 1] > 0;
      start[s + 1] += start[s];
    }
    std::vector<std::pair<int, const Layer*>> sorted(entries.size());
    for (const auto& entry : entries)
      sorted[start[ends[entry.first].to]++] = entry;
    return sorted;
  }

  // " where a 20% budget would hold it to 1.2": the same for every callee.
  static std::string SuggestedBudget() {
    return " where a " + FormatFactor(kSuggestedBudgetPercent) +
           "% budget would hold it to " +
           FormatFactor(BudgetBound(kSuggestedBudgetPercent));
  }

  // The finding about `callee`, whose unlimited retrying mesh layers are
  // [begin, end); `suggestion` is SuggestedBudget().
  Finding Make(const AnalysisContext& context, int callee,
               const std::pair<int, const Layer*>* begin,
               const std::pair<int, const Layer*>* end,
               const std::string& suggestion) const {
    const Model& model = context.model;
    const Layer* worst = nullptr;
    for (auto it = begin; it != end; ++it) {
      if (!worst || worst->tries < it->second->tries) worst = it->second;
    }
    const size_t count = static_cast<size_t>(end - begin);
    const std::string& name = context.ServiceName(callee);
    const std::string tries = worst->tries.ToString();
    Finding f;
    f.check = id();
    f.severity = severity();
    // Written into one string: a large fleet has a hundred thousand.
    std::string& message = f.message;
    (((message += name) += ": ") += std::to_string(count)) +=
        count == 1 ? " caller retries" : " callers retry";
    message += " into it through the mesh (";
    for (auto it = begin; it != end; ++it) {
      if (it != begin) message += ", ";
      message += context.ServiceName(context.graph.ends[it->first].from);
    }
    ((((message += "; up to ") += tries) += " tries, ") += worst->origin) +=
        ") with no retry budget and no maxRetries cap; a failure multiplies "
        "its load by up to ";
    (message += tries) += suggestion;
    f.location = model.services[callee].location;
    f.path = {name};
    f.arithmetic = context.CallArithmetic(begin->first);
    for (auto it = begin; it != end; ++it) {
      for (const Layer& layer : model.calls[it->first].layers) {
        if (layer.kind != LayerKind::kMesh || !layer.location.known()) continue;
        Evidence& related = f.related.emplace_back();
        related.location = layer.location;
        context.AppendCallName(it->first, &related.detail);
        (related.detail += ": ") += layer.detail;
      }
    }
    f.identity = std::string(id()) + "|" + name;
    f.tries = worst->tries;
    return f;
  }
};

}  // namespace

std::unique_ptr<Check> MakeRetryWithoutBudgetCheck() {
  return std::make_unique<RetryWithoutBudgetCheck>();
}

}  // namespace ampcheck
