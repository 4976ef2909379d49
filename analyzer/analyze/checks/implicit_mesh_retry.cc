// implicit-mesh-retry: a mesh default retry applies that no file sets (Istio
// retries twice where a route has no retries block or no VirtualService).
#include "analyzer/analyze/check.h"

namespace ampcheck {
namespace {

class ImplicitMeshRetryCheck : public CallCheck {
 public:
  const char* id() const override { return "implicit-mesh-retry"; }
  Severity severity() const override { return Severity::kWarning; }
  const char* summary() const override {
    return "a mesh default retry applies that no file sets";
  }

  void RunCalls(const AnalysisContext& context, size_t begin, size_t end,
                std::vector<Candidate>* findings) const override {
    // About one per call (one mesh default each): a large fleet's list is
    // rarely copied as it grows.
    findings->reserve(findings->size() + (end - begin));
    for (size_t i = begin; i < end; ++i) {
      const Call& call = context.model.calls[i];
      for (size_t k = 0; k < call.layers.size(); ++k) {
        const Layer& layer = call.layers[k];
        if (layer.provenance != Provenance::kMeshDefault || !layer.retries())
          continue;
        int index = static_cast<int>(i);
        Candidate f =
            CallCandidate(context, index,
                          layer.location.known() || call.evidence.empty()
                              ? layer.location
                              : call.evidence.front().location);
        SpellTextLater(&f, 0, static_cast<int>(k));
        // The numbers are the default's, as for any layer finding.
        SetLayerNumbers(layer, &f);
        // The mesh's default is one setting (defaultHttpRetryPolicy) for
        // every call it reaches; why it applies ("Istio default, no
        // VirtualService for payments") differs per call, not the cause.
        f.cause = context.MeshDefaultCauseName(layer);
        findings->emplace_back(std::move(f));
      }
    }
  }

  // The whole message: it holds no number to work out.
  void SpellMessageStart(const AnalysisContext& context,
                         const std::vector<int>& calls,
                         const Spelling& spelling,
                         std::string* out) const override {
    const int call = calls.front();
    context.AppendCallName(call, out);
    ((*out += ": ") +=
     context.model.calls[call].layers[spelling.layer].detail) +=
        "; no file sets it";
  }

  FindingText Name(const AnalysisContext& context,
                   const std::vector<int>& calls,
                   const Spelling&) const override {
    return CallText(context, calls.front());
  }

  FindingText Spell(const AnalysisContext& context,
                    const std::vector<int>& calls,
                    const Spelling& spelling) const override {
    FindingText text = Name(context, calls, spelling);
    SpellMessageStart(context, calls, spelling, &text.message);
    return text;
  }
};

}  // namespace

std::unique_ptr<Check> MakeImplicitMeshRetryCheck() {
  return std::make_unique<ImplicitMeshRetryCheck>();
}

}  // namespace ampcheck
