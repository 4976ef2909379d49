// missing-timeout: a call has no timeout at any layer, so its hold time is
// unbounded (Little's law: threads in flight = rate x time).
#include "analyzer/analyze/check.h"

namespace ampcheck {
namespace {

class MissingTimeoutCheck : public CallCheck {
 public:
  const char* id() const override { return "missing-timeout"; }
  Severity severity() const override { return Severity::kWarning; }
  const char* summary() const override {
    return "a call has no timeout at any layer";
  }

  void RunCalls(const AnalysisContext& context, size_t begin, size_t end,
                std::vector<Candidate>* findings) const override {
    // One per call at most: a large fleet's list is never copied as it grows.
    findings->reserve(findings->size() + (end - begin));
    for (size_t i = begin; i < end; ++i) {
      const Call& call = context.model.calls[i];
      bool retries = false;
      bool timeout = false;
      for (const Layer& layer : call.layers) {
        retries = retries || layer.retries();
        timeout = timeout || layer.per_try_timeout || layer.total_timeout ||
                  !layer.timeout_expression.empty();
      }
      // A call with no layer at all is a plain request: nothing says it waits
      // forever, and nothing retries it.
      if (call.layers.empty() || timeout || !retries) continue;
      int index = static_cast<int>(i);
      Candidate f = CallCandidate(context, index, context.CallLocation(index));
      // One timeout on the retrying layer fixes every call it wraps (for the
      // mesh default, perTryTimeout in defaultHttpRetryPolicy); else the
      // caller sets one for its calls.
      f.cause =
          context.CallCauseName(index, AnalysisContext::CauseFallback::kCaller);
      findings->emplace_back(std::move(f));
    }
  }

  void SpellMessageStart(const AnalysisContext& context,
                         const std::vector<int>& calls, const Spelling&,
                         std::string* out) const override {
    context.AppendCallName(calls.front(), out);
    *out += ": ";
  }

  FindingText Name(const AnalysisContext& context,
                   const std::vector<int>& calls,
                   const Spelling&) const override {
    return CallText(context, calls.front());
  }

  FindingText Spell(const AnalysisContext& context,
                    const std::vector<int>& calls,
                    const Spelling&) const override {
    FindingText text = Name(context, calls, {});
    SpellMessageStart(context, calls, {}, &text.message);
    text.message +=
        context.graph.calls[calls.front()].tries.ToString() +
        " tries and no timeout at any layer; hold time is unbounded";
    return text;
  }
};

}  // namespace

std::unique_ptr<Check> MakeMissingTimeoutCheck() {
  return std::make_unique<MissingTimeoutCheck>();
}

}  // namespace ampcheck
