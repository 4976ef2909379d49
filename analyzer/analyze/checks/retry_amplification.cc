// retry-amplification: a path's product exceeds its declared maximum (raw
// tries: what one request can cause), or the global limit (the bounded
// product: budgets and deadlines cap the load a hop can add). Reported on the
// worst path ending with each retrying call, and on each call
// whose own product exceeds its declaration.
#include <cmath>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

std::string Cite(const Documentation& d) {
  return "the declared maximum of " + std::to_string(d.max_tries) + " (" +
         d.location.ToString() + ", owner " + d.owner + ")";
}

class RetryAmplificationCheck : public CallCheck {
 public:
  const char* id() const override { return "retry-amplification"; }
  Severity severity() const override { return Severity::kError; }
  const char* summary() const override {
    return "a path's product exceeds its declared maximum, or the global limit";
  }

  void RunCalls(const AnalysisContext& context, size_t begin, size_t end,
                std::vector<Candidate>* findings) const override {
    const Model& model = context.model;
    // About one per call (a path per retrying call, and a declared call over
    // its maximum): a large fleet's list is rarely copied as it grows.
    findings->reserve(findings->size() + (end - begin));
    for (size_t i = begin; i < end; ++i) {
      const Call& call = model.calls[i];
      const CallProduct& product = context.graph.calls[i];
      if (!call.declaration ||
          !(Tries::Of(call.declaration->max_tries) < product.tries))
        continue;
      findings->emplace_back(
          Make(context, {static_cast<int>(i)}, kCallDeclared));
    }
    for (size_t i = begin; i < end; ++i) {
      if (!context.graph.calls[i].tries.retries() || context.graph.back_edge[i])
        continue;
      const Path path = context.PathEndingWith(static_cast<int>(i));
      if (const Documentation* d = context.PathDeclaration(path.calls)) {
        if (Tries::Of(d->max_tries) < path.tries)
          findings->emplace_back(Make(context, path.calls, kPathDeclared));
        continue;
      }
      if (path.bounded <= static_cast<double>(model.max_tries)) continue;
      findings->emplace_back(Make(context, path.calls, kOverLimit));
    }
  }

  void SpellMessageStart(const AnalysisContext& context,
                         const std::vector<int>& calls,
                         const Spelling& spelling,
                         std::string* out) const override {
    if (spelling.variant == kCallDeclared) {
      context.AppendCallName(calls.front(), out);
    } else {
      *out += "path ";
      context.AppendPathNames(calls, " -> ", out);
    }
    *out += ": ";
  }

  FindingText Name(const AnalysisContext& context,
                   const std::vector<int>& calls,
                   const Spelling&) const override {
    return PathText(context, calls);
  }

  FindingText Spell(const AnalysisContext& context,
                    const std::vector<int>& calls,
                    const Spelling& spelling) const override {
    const Model& model = context.model;
    FindingText text = Name(context, calls, spelling);
    const Path path = context.PathOf(calls);
    SpellMessageStart(context, calls, spelling, &text.message);
    text.message += path.tries.ToString() + " tries per request";
    if (spelling.variant == kCallDeclared) {
      text.message +=
          " exceeds " + Cite(*model.calls[calls.front()].declaration);
      return text;
    }
    if (spelling.variant == kPathDeclared) {
      text.message += " exceeds " + Cite(*context.PathDeclaration(calls));
      return text;
    }
    if (!path.tries.unbounded() &&
        path.bounded + 1e-9 < static_cast<double>(path.tries.count())) {
      text.message += " (bounded to " + FormatFactor(path.bounded) + ")";
    }
    text.message += " exceeds the limit of " + std::to_string(model.max_tries) +
                    " (limits.max_tries)";
    return text;
  }

 private:
  // The three messages: a call over its own declaration, a path over its
  // declaration, a path over the global limit.
  enum Variant { kCallDeclared, kPathDeclared, kOverLimit };

  Candidate Make(const AnalysisContext& context, const std::vector<int>& calls,
                 Variant variant) const {
    Candidate f;
    f.check = id();
    f.severity = severity();
    f.location = context.CallLocation(calls.back());
    AnalysisContext::SpellPathLater(calls, &f);
    SpellTextLater(&f, variant);
    // Paths over the limit through one retrying layer are that layer's.
    f.cause = context.CallCauseName(calls.back());
    f.unit = "path";
    context.SetNumbers(calls, &f);
    return f;
  }
};

}  // namespace

std::unique_ptr<Check> MakeRetryAmplificationCheck() {
  return std::make_unique<RetryAmplificationCheck>();
}

}  // namespace ampcheck
