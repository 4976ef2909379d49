#include "analyzer/analyze/analysis_context.h"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "analyzer/analyze/causes.h"
#include "analyzer/analyze/check.h"
#include "analyzer/analyze/fold.h"
#include "analyzer/base/strings.h"

namespace ampcheck {

std::string AnalysisContext::CallName(int call) const {
  std::string name;
  AppendCallName(call, &name);
  return name;
}

void AnalysisContext::AppendCallName(int call, std::string* out) const {
  const CallEnds& c = graph.ends[call];
  ((*out += ServiceName(c.from)) += "->") += ServiceName(c.to);
}

void AnalysisContext::AppendPathNames(const std::vector<int>& calls,
                                      const std::string& separator,
                                      std::string* out) const {
  // The services of PathServices, read where they are: message starts are
  // written for a large fleet's million tied candidates.
  if (calls.empty()) return;
  *out += ServiceName(graph.ends[calls.front()].from);
  for (int call : calls) {
    *out += separator;
    *out += ServiceName(graph.ends[call].to);
  }
}

std::string AnalysisContext::CallArithmetic(int call) const {
  const Call& c = model.calls[call];
  std::string text;
  AppendCallName(call, &text);
  (text += '(') += graph.calls[call].tries.ToString();
  // Timeout-only layers are no factor of the tries. Written into one string:
  // the JSON report writes one for each of a cluster's calls.
  const auto factors =
      std::count_if(c.layers.begin(), c.layers.end(),
                    [](const Layer& layer) { return !layer.timeout_only; });
  if (factors == 0) return text += ": no retrying layer)";
  if (factors == 1) {
    text += ": ";
    std::find_if(c.layers.begin(), c.layers.end(), [](const Layer& layer) {
      return !layer.timeout_only;
    })->AppendDescription(&text);
    return text += ')';
  }
  text += " = ";
  bool first = true;
  for (const Layer& layer : c.layers) {
    if (layer.timeout_only) continue;
    if (!first) text += " x ";
    first = false;
    (((text += layer.tries.ToString()) += ' ') += LayerKindName(layer.kind)) +=
        ": ";
    layer.AppendDescription(&text);
  }
  return text += ')';
}

std::string AnalysisContext::PathArithmetic(
    const std::vector<int>& calls) const {
  // A long path keeps its first and last hops in words; the hops between are
  // one factor (their product), so text stays linear in the graph's size.
  constexpr size_t kHead = 3;
  constexpr size_t kTail = 6;
  std::vector<std::string> parts;
  Tries tries;
  Tries elided;
  double bounded = 1;
  std::vector<std::string> bounds;
  bool elide = calls.size() > kHead + kTail + 1;
  for (size_t i = 0; i < calls.size(); ++i) {
    int call = calls[i];
    tries = tries * graph.calls[call].tries;
    bounded *= graph.calls[call].bounded;
    for (const std::string& b : graph.calls[call].bound_by) bounds.push_back(b);
    if (elide && i >= kHead && i + kTail < calls.size()) {
      elided = elided * graph.calls[call].tries;
      if (i + kTail + 1 == calls.size()) {
        parts.push_back("[" + std::to_string(calls.size() - kHead - kTail) +
                        " hops " + ServiceName(graph.ends[calls[kHead]].from) +
                        "->...->" + ServiceName(graph.ends[call].to) + ": " +
                        elided.ToString() + "]");
      }
      continue;
    }
    parts.push_back(CallArithmetic(call));
  }
  if (bounds.size() > 8) {
    size_t more = bounds.size() - 8;
    bounds.resize(8);
    bounds.push_back(std::to_string(more) + " more");
  }
  std::string text = Join(parts, " x ") + " = " + tries.ToString();
  bool lower = tries.unbounded()
                   ? !std::isinf(bounded)
                   : bounded + 1e-9 < static_cast<double>(tries.count());
  if (lower)
    text +=
        ", bounded to " + FormatFactor(bounded) + " by " + Join(bounds, ", ");
  return text;
}

std::string AnalysisContext::PathProductText(
    const std::vector<int>& calls) const {
  std::vector<std::string> parts;
  Tries tries;
  for (int call : calls) {
    parts.push_back(graph.calls[call].tries.ToString());
    tries = tries * graph.calls[call].tries;
  }
  return Join(parts, " x ") + " = " + tries.ToString();
}

std::vector<std::string> AnalysisContext::PathNames(
    const std::vector<int>& calls) const {
  std::vector<std::string> names;
  for (int s : PathServices(graph, calls)) names.push_back(ServiceName(s));
  return names;
}

const Layer* AnalysisContext::CausingLayer(int call) const {
  for (const Layer& layer : model.calls[call].layers) {
    if (layer.retries() && layer.location.known() && !layer.shared)
      return &layer;
  }
  return nullptr;
}

Location AnalysisContext::CallLocation(int call) const {
  const Call& c = model.calls[call];
  if (const Layer* layer = CausingLayer(call)) return layer->location;
  for (const Evidence& e : c.evidence) {
    if (e.location.known()) return e.location;
  }
  for (const Layer& layer : c.layers) {
    if (layer.location.known()) return layer.location;
  }
  return model.services[c.to].location;
}

void AnalysisContext::AppendLayerCause(int call, const Layer& layer,
                                       std::string* out) const {
  // A mesh layer is the callee's routes (one VirtualService for every
  // caller); any other is the caller's own code or config.
  const bool mesh =
      layer.kind == LayerKind::kMesh || layer.kind == LayerKind::kMeshInbound;
  const Service& owner =
      model.services[mesh ? graph.ends[call].to : graph.ends[call].from];
  ((*out += "layer|") += layer.origin) += '|';
  owner.AppendKey(out);
}

std::string AnalysisContext::LayerCause(int call, const Layer& layer) const {
  std::string cause;
  AppendLayerCause(call, layer, &cause);
  return cause;
}

void AppendMeshDefaultCause(const Layer& layer, std::string* out) {
  const std::string_view origin = layer.origin;
  ((*out += "mesh-default|") += origin.substr(0, origin.find(", "))) += '|';
  *out += layer.tries.ToString();
}

std::string MeshDefaultCause(const Layer& layer) {
  std::string cause;
  AppendMeshDefaultCause(layer, &cause);
  return cause;
}

void AnalysisContext::AppendCallCause(int call, CauseFallback fallback,
                                      std::string* out) const {
  const Call& c = model.calls[call];
  if (const Layer* layer = CausingLayer(call))
    return AppendLayerCause(call, *layer, out);
  // A mesh-wide policy (the mesh's default, or a shared mesh config) is one
  // place to change for every call it retries.
  for (const Layer& layer : c.layers) {
    if (layer.retries() && (layer.provenance == Provenance::kMeshDefault ||
                            (layer.shared && layer.kind == LayerKind::kMesh)))
      return AppendMeshDefaultCause(layer, out);
  }
  if (fallback == CauseFallback::kCaller) {
    *out += "caller|";
    model.services[c.from].AppendKey(out);
    return;
  }
  *out += "call|";
  AppendCallName(call, out);
}

std::string AnalysisContext::CallCause(int call, CauseFallback fallback) const {
  std::string cause;
  AppendCallCause(call, fallback, &cause);
  return cause;
}

namespace {

// A buffer of the thread's own that a cause's name is written into before it
// is held: a large fleet names a cause for each of its 1.3 million
// candidates, most of them names already held.
std::string* CauseBuffer() {
  thread_local std::string buffer;
  buffer.clear();
  return &buffer;
}

}  // namespace

CauseName AnalysisContext::CallCauseName(int call,
                                         CauseFallback fallback) const {
  std::string* name = CauseBuffer();
  AppendCallCause(call, fallback, name);
  return Cause(*name);
}

CauseName AnalysisContext::LayerCauseName(int call, const Layer& layer) const {
  std::string* name = CauseBuffer();
  AppendLayerCause(call, layer, name);
  return Cause(*name);
}

CauseName AnalysisContext::MeshDefaultCauseName(const Layer& layer) const {
  std::string* name = CauseBuffer();
  AppendMeshDefaultCause(layer, name);
  return Cause(*name);
}

void AnalysisContext::SpellCallLater(int call, FindingCore* f) {
  f->pending = Finding::Pending::kCall;
  f->pending_calls = {call};
}

void AnalysisContext::SpellPathLater(std::vector<int> calls, FindingCore* f) {
  f->pending = Finding::Pending::kPath;
  f->pending_calls = std::move(calls);
}

FindingText AnalysisContext::SpellText(const std::vector<int>& calls,
                                       const Spelling& spelling) const {
  FindingText text = spelling.check->Spell(*this, calls, spelling);
  for (const Check* folded : FoldedChecks(spelling)) {
    Spelling own;
    own.check = folded;
    AppendFolded(folded->Spell(*this, calls, own).message, &text.message);
  }
  return text;
}

namespace {

// Writes the text `spelling` leaves to its check into `item` (a Finding or
// an AffectedText): the identity only where it has none (a cause's is set
// when grouped).
template <typename Item>
void WriteLeftText(const AnalysisContext& context,
                   const std::vector<int>& calls, const Spelling& spelling,
                   Item* item) {
  FindingText text = context.SpellText(calls, spelling);
  item->message = std::move(text.message);
  item->path = std::move(text.path);
  if (item->identity.empty()) item->identity = std::move(text.identity);
  for (const Check* folded : FoldedChecks(spelling))
    AddFoldedCheck(folded->id(), &item->folded_checks);
}

}  // namespace

void AnalysisContext::SpellText(Finding* f) const {
  if (!f->spelling.check) return;
  WriteLeftText(*this, f->pending_calls, f->spelling, f);
  f->spelling = {};
  if (f->affected.size() > 1)
    f->message += MoreFromSameCause(f->affected.size() - 1, f->unit);
}

AffectedText AnalysisContext::Spelled(const Affected& a) const {
  AffectedText out = a.text();
  if (a.spelling.check) WriteLeftText(*this, a.calls, a.spelling, &out);
  return out;
}

FindingText AnalysisContext::Named(const Affected& a) const {
  const AffectedText& written = a.text();
  if (!a.spelling.check) return {"", written.path, written.identity};
  FindingText text = a.spelling.check->Name(*this, a.calls, a.spelling);
  // A cause's own entry keeps the identity it was grouped under, as
  // WriteLeftText does.
  if (!written.identity.empty()) text.identity = written.identity;
  return text;
}

// Every check that leaves its text unwritten names the path of its calls.
std::vector<std::string> AnalysisContext::PathNamesOf(const Affected& a) const {
  return a.spelling.check ? PathNames(a.calls) : a.text().path;
}

std::vector<std::string> AnalysisContext::PathNamesOf(const Finding& f) const {
  return f.spelling.check ? PathNames(f.pending_calls) : f.path;
}

std::vector<std::string> AnalysisContext::PathNamesOf(
    const Candidate& c) const {
  return c.written ? PathNamesOf(*c.written) : PathNames(c.pending_calls);
}

Path AnalysisContext::PathOf(const std::vector<int>& calls) const {
  Path path;
  path.calls = calls;
  for (int call : calls) {
    const CallProduct& product = graph.calls[call];
    path.tries = path.tries * product.tries;
    path.bounded *= product.bounded;
    path.retrying_layers += product.retrying_layers;
  }
  return path;
}

void AnalysisContext::SpellPending(Finding* f) const {
  SpellText(f);
  switch (f->pending) {
    case Finding::Pending::kNone:
      return;
    case Finding::Pending::kCall:
      f->arithmetic = CallArithmetic(f->pending_calls.front());
      break;
    case Finding::Pending::kPath:
      f->arithmetic = PathArithmetic(f->pending_calls);
      f->related = PathEvidence(f->pending_calls);
      break;
  }
  f->pending = Finding::Pending::kNone;
  f->pending_calls.clear();
}

std::vector<Evidence> AnalysisContext::PathEvidence(
    const std::vector<int>& calls) const {
  std::vector<Evidence> related;
  for (int call : calls) {
    for (const Layer& layer : model.calls[call].layers) {
      if (!layer.location.known()) continue;
      related.push_back({layer.location, CallName(call) + ": " +
                                             layer.tries.ToString() +
                                             " tries, " + layer.detail});
    }
  }
  return related;
}

Path AnalysisContext::WorstPathTo(int service) const {
  const WorstPath& worst = graph.worst_paths[service];
  return {graph.PathTo(service), worst.tries, worst.bounded,
          worst.retrying_layers};
}

Path AnalysisContext::PathEndingWith(int call) const {
  const int from = graph.ends[call].from;
  const WorstPath& worst = graph.worst_paths[from];
  const CallProduct& product = graph.calls[call];
  Path path = {{},
               worst.tries * product.tries,
               worst.bounded * product.bounded,
               worst.retrying_layers + product.retrying_layers};
  // Sized once: a large fleet ends a path with every retrying call.
  path.calls.reserve(static_cast<size_t>(graph.path_links[from].hops) + 1);
  graph.AppendPathTo(from, &path.calls);
  path.calls.push_back(call);
  return path;
}

const Documentation* AnalysisContext::PathDeclaration(
    const std::vector<int>& calls) const {
  if (calls.empty() || model.path_declarations.empty()) return nullptr;
  std::vector<std::string> keys;
  for (int s : PathServices(graph, calls))
    keys.push_back(model.services[s].Key());
  for (const Documentation& d : model.path_declarations) {
    if (!d.path.empty()) {
      // A declared path matches the path or its tail (the same hops).
      if (d.path.size() <= keys.size() &&
          std::equal(d.path.rbegin(), d.path.rend(), keys.rbegin())) {
        return &d;
      }
    } else if (d.to == keys.back()) {
      return &d;
    }
  }
  return nullptr;
}

}  // namespace ampcheck
