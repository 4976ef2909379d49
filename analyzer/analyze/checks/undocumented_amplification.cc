// undocumented-amplification: more than one layer on a path retries and
// nothing declares the owner and maximum. A path is documented by a path
// declaration (policy documented[] with path or to); a call whose retrying
// layers are the only ones on the path is documented by its own declaration
// (policy documented[] from/to, or ampcheck.io annotations).
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

class UndocumentedAmplificationCheck : public CallCheck {
 public:
  const char* id() const override { return "undocumented-amplification"; }
  Severity severity() const override { return Severity::kError; }
  const char* summary() const override {
    return "more than one layer on a path retries and nothing declares the "
           "owner and maximum";
  }

  void RunCalls(const AnalysisContext& context, size_t begin, size_t end,
                std::vector<Candidate>* findings) const override {
    const Model& model = context.model;
    // A path per call at most: a large fleet's list is never copied as it
    // grows.
    findings->reserve(findings->size() + (end - begin));
    for (size_t i = begin; i < end; ++i) {
      if (!context.graph.calls[i].tries.retries() || context.graph.back_edge[i])
        continue;
      Path path = context.PathEndingWith(static_cast<int>(i));
      if (path.retrying_layers < 2) continue;
      int last = static_cast<int>(i);
      if (context.PathDeclaration(path.calls)) continue;
      int retrying_calls = 0;
      int documented_call = -1;
      for (int call : path.calls) {
        if (!context.graph.calls[call].tries.retries()) continue;
        ++retrying_calls;
        if (model.calls[call].declaration) documented_call = call;
      }
      if (retrying_calls == 1 && documented_call >= 0) continue;
      Candidate f;
      f.check = id();
      f.severity = severity();
      f.location = context.CallLocation(last);
      f.cause = context.CallCauseName(last);
      f.unit = "path";
      context.SetNumbers(path.calls, &f);
      // The path is this finding's now: moved, not copied.
      AnalysisContext::SpellPathLater(std::move(path.calls), &f);
      SpellTextLater(&f);
      findings->emplace_back(std::move(f));
    }
  }

  void SpellMessageStart(const AnalysisContext& context,
                         const std::vector<int>& calls, const Spelling&,
                         std::string* out) const override {
    *out += "path ";
    context.AppendPathNames(calls, " -> ", out);
    *out += ": ";
  }

  FindingText Name(const AnalysisContext& context,
                   const std::vector<int>& calls,
                   const Spelling&) const override {
    return PathText(context, calls);
  }

  FindingText Spell(const AnalysisContext& context,
                    const std::vector<int>& calls,
                    const Spelling&) const override {
    const Path path = context.PathOf(calls);
    std::vector<std::string> factors;
    for (int call : calls) {
      for (const Layer& layer : context.model.calls[call].layers) {
        if (layer.retries())
          factors.push_back(layer.tries.ToString() + " " +
                            LayerKindName(layer.kind));
      }
    }
    FindingText text = Name(context, calls, {});
    SpellMessageStart(context, calls, {}, &text.message);
    text.message += path.tries.ToString() + " tries per request from " +
                    std::to_string(path.retrying_layers) +
                    " retrying layers (" + Join(factors, " x ") +
                    "); nothing declares the owner and maximum";
    return text;
  }
};

}  // namespace

std::unique_ptr<Check> MakeUndocumentedAmplificationCheck() {
  return std::make_unique<UndocumentedAmplificationCheck>();
}

}  // namespace ampcheck
