// retry-cycle: a cycle in the call graph contains a retrying layer, so every
// pass around it multiplies the load again.
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

class RetryCycleCheck : public Check {
 public:
  const char* id() const override { return "retry-cycle"; }
  Severity severity() const override { return Severity::kError; }
  const char* summary() const override {
    return "a cycle in the call graph contains a retrying layer";
  }

  void Run(const AnalysisContext& context,
           std::vector<Candidate>* findings) const override {
    for (const Cycle& cycle : context.graph.cycles) {
      Tries per_pass;
      int retrying = -1;
      for (int call : cycle.calls) {
        per_pass = per_pass * context.graph.calls[call].tries;
        if (retrying < 0 && context.graph.calls[call].tries.retries())
          retrying = call;
      }
      if (retrying < 0) continue;
      Finding f;
      f.check = id();
      f.severity = severity();
      FindingText text = PathText(context, cycle.calls);
      f.path = std::move(text.path);
      f.identity = std::move(text.identity);
      f.message = "cycle " + Join(f.path, " -> ") +
                  ": each pass multiplies tries by " + per_pass.ToString() +
                  "; the product along the cycle is unbounded";
      f.location = context.CallLocation(retrying);
      AnalysisContext::SpellPathLater(cycle.calls, &f);
      context.SetNumbers(cycle.calls, &f);
      findings->emplace_back(std::move(f));
    }
  }
};

}  // namespace

std::unique_ptr<Check> MakeRetryCycleCheck() {
  return std::make_unique<RetryCycleCheck>();
}

}  // namespace ampcheck
