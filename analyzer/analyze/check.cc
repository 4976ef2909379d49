#include "analyzer/analyze/check.h"

#include "analyzer/base/strings.h"

namespace ampcheck {

const std::vector<std::unique_ptr<Check>>& AllChecks() {
  static const std::vector<std::unique_ptr<Check>> checks = [] {
    std::vector<std::unique_ptr<Check>> list;
    list.push_back(MakeBackoffExceedsTimeoutCheck());
    list.push_back(MakeImplicitMeshRetryCheck());
    list.push_back(MakeIneffectiveRetryCheck());
    list.push_back(MakeMissingTimeoutCheck());
    list.push_back(MakeNonIdempotentRetryCheck());
    list.push_back(MakeRetryAmplificationCheck());
    list.push_back(MakeRetryCycleCheck());
    list.push_back(MakeRetryWithoutBudgetCheck());
    list.push_back(MakeRetryWithoutJitterCheck());
    list.push_back(MakeSaturationRiskCheck());
    list.push_back(MakeTimeoutInversionCheck());
    list.push_back(MakeUnboundedRetryCheck());
    list.push_back(MakeUndocumentedAmplificationCheck());
    return list;
  }();
  return checks;
}

Finding Check::CallFinding(const AnalysisContext& context, int call,
                           const Location& location) const {
  Finding f;
  static_cast<FindingCore&>(f) = CallCandidate(context, call, location);
  // The check writes the message now: the path and identity with it.
  f.spelling = {};
  FindingText text = CallText(context, call);
  f.path = std::move(text.path);
  f.identity = std::move(text.identity);
  return f;
}

Candidate Check::CallCandidate(const AnalysisContext& context, int call,
                               const Location& location) const {
  Candidate f;
  f.check = id();
  f.severity = severity();
  f.location = location;
  AnalysisContext::SpellCallLater(call, &f);
  SpellTextLater(&f);
  context.SetNumbers(f.pending_calls, &f);
  return f;
}

FindingText Check::CallText(const AnalysisContext& context, int call) const {
  return {"", context.PathNames({call}),
          std::string(id()) + "|" + context.CallName(call)};
}

FindingText Check::PathText(const AnalysisContext& context,
                            const std::vector<int>& calls) const {
  FindingText text;
  text.path = context.PathNames(calls);
  text.identity = std::string(id()) + "|" + Join(text.path, ">");
  return text;
}

void Check::RunCalls(const AnalysisContext& context, size_t, size_t,
                     std::vector<Candidate>* candidates) const {
  Run(context, candidates);
}

void CallCheck::Run(const AnalysisContext& context,
                    std::vector<Candidate>* candidates) const {
  RunCalls(context, 0, context.model.calls.size(), candidates);
}

void Check::SpellTextLater(FindingCore* f, int variant, int layer) const {
  f->spelling.check = this;
  f->spelling.variant = variant;
  f->spelling.layer = layer;
}

FindingText Check::Spell(const AnalysisContext&, const std::vector<int>&,
                         const Spelling&) const {
  return {};
}

FindingText Check::Name(const AnalysisContext& context,
                        const std::vector<int>& calls,
                        const Spelling& spelling) const {
  FindingText text = Spell(context, calls, spelling);
  text.message.clear();
  return text;
}

void Check::SpellMessageStart(const AnalysisContext&, const std::vector<int>&,
                              const Spelling&, std::string*) const {}

void AnalysisContext::SetNumbers(const std::vector<int>& calls,
                                 FindingCore* f) const {
  f->tries = Tries::Of(1);
  f->bounded = 1;
  for (int call : calls) {
    f->tries = f->tries * graph.calls[call].tries;
    f->bounded *= graph.calls[call].bounded;
  }
}

Finding Check::LayerFinding(const AnalysisContext& context, int call,
                            const Layer& layer) const {
  Finding f = CallFinding(
      context, call,
      layer.location.known() ? layer.location : context.CallLocation(call));
  f.identity += "|" + layer.origin;
  // A layer set in one file is one cause however many calls it wraps; so is
  // the mesh's default, set (or not) once for the mesh.
  if (layer.provenance == Provenance::kMeshDefault)
    f.cause = context.MeshDefaultCauseName(layer);
  else if (layer.location.known() && !layer.shared)
    f.cause = context.LayerCauseName(call, layer);
  SetLayerNumbers(layer, &f);
  return f;
}

void Check::SetLayerNumbers(const Layer& layer, FindingCore* f) {
  f->tries = layer.tries;
  f->bounded =
      layer.tries.unbounded() ? 1 : static_cast<double>(layer.tries.count());
}

void AddFolded(const Check* folded, Spelling* spelling) {
  const int index = CheckIndex(folded->id());
  if (index >= 0) spelling->folded |= uint32_t{1} << index;
}

std::vector<const Check*> FoldedChecks(const Spelling& spelling) {
  std::vector<const Check*> out;
  if (!spelling.folded) return out;
  const auto& checks = AllChecks();
  for (size_t i = 0; i < checks.size(); ++i) {
    if (spelling.folded & (uint32_t{1} << i)) out.push_back(checks[i].get());
  }
  return out;
}

int CheckIndex(std::string_view id) {
  const auto& checks = AllChecks();
  for (size_t i = 0; i < checks.size(); ++i) {
    if (id == checks[i]->id()) return static_cast<int>(i);
  }
  return -1;
}

bool IsCheckId(const std::string& id) { return CheckIndex(id) >= 0; }

}  // namespace ampcheck
