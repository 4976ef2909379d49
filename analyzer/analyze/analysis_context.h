// What every check reads: the model, the graph's products, and the shared
// ways of naming calls and paths, spelling their arithmetic and the text a
// check left for later, and naming causes.
#ifndef AMPCHECK_ANALYZE_ANALYSIS_CONTEXT_H_
#define AMPCHECK_ANALYZE_ANALYSIS_CONTEXT_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/analyze/finding.h"
#include "analyzer/analyze/graph.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// A path with its calls spelled out, entry first.
struct Path {
  std::vector<int> calls;
  Tries tries;
  double bounded = 1;
  int retrying_layers = 0;
};

// What every check reads, with the shared ways of describing numbers.
class AnalysisContext {
 public:
  AnalysisContext(const Model& model, const GraphAnalysis& graph)
      : model(model), graph(graph) {}

  const Model& model;
  const GraphAnalysis& graph;
  // The names of the causes its checks give; findings name them while the
  // context, or the Analysis it is handed to, lives.
  std::shared_ptr<CauseNames> cause_names = std::make_shared<CauseNames>();

  // `name` as a finding's cause, held once however many findings name it.
  CauseName Cause(std::string_view name) const { return cause_names->Of(name); }

  // A service's display name, read from the graph's copy.
  const std::string& ServiceName(int service) const {
    return graph.names[service];
  }
  // "checkout->pricing"
  std::string CallName(int call) const;
  // Appends CallName(call), or the path's service names joined by
  // `separator`, to `out`.
  void AppendCallName(int call, std::string* out) const;
  void AppendPathNames(const std::vector<int>& calls,
                       const std::string& separator, std::string* out) const;
  // "checkout->pricing(9 = 3: shared wrapper, policy.yaml:12 x 3: Istio
  // default, ...)"
  std::string CallArithmetic(int call) const;
  // "a->b(3: ...) x b->c(3: ...) = 9", with the bounded product when lower.
  std::string PathArithmetic(const std::vector<int>& calls) const;
  // "3 x 3 = 9" (the JSON arithmetic).
  std::string PathProductText(const std::vector<int>& calls) const;
  std::vector<std::string> PathNames(const std::vector<int>& calls) const;
  // Where a finding about a call points: its first retrying layer with a
  // location, else any layer's, else the call's evidence.
  Location CallLocation(int call) const;
  // The call's first retrying layer set in a file of its own (not a shared
  // mesh-wide line): where its findings point and what causes them.
  const Layer* CausingLayer(int call) const;
  // The cause behind a finding at CallLocation, without line numbers or
  // paths (a diff's two trees print different paths): the retrying layer
  // there, which a fix changes once for every call it wraps; else the
  // mesh-wide policy that retries it (the mesh default); else, by
  // `fallback`, the call or the caller service.
  enum class CauseFallback { kMeshDefault, kCaller };
  std::string CallCause(
      int call, CauseFallback fallback = CauseFallback::kMeshDefault) const;
  void AppendCallCause(int call, CauseFallback fallback,
                       std::string* out) const;
  // A layer: "layer|<origin>|<service>", the callee for a mesh layer (its
  // routes), else the caller (its code).
  std::string LayerCause(int call, const Layer& layer) const;
  void AppendLayerCause(int call, const Layer& layer, std::string* out) const;
  // CallCause, LayerCause and MeshDefaultCause as Cause holds them, written
  // without a string of their own each.
  CauseName CallCauseName(
      int call, CauseFallback fallback = CauseFallback::kMeshDefault) const;
  CauseName LayerCauseName(int call, const Layer& layer) const;
  CauseName MeshDefaultCauseName(const Layer& layer) const;
  // Every layer of the path as related locations.
  std::vector<Evidence> PathEvidence(const std::vector<int>& calls) const;
  // Leaves f's arithmetic to be spelled from one call (CallArithmetic), or
  // its arithmetic and related layers from a path (PathArithmetic and
  // PathEvidence), once findings are grouped.
  static void SpellCallLater(int call, FindingCore* f);
  static void SpellPathLater(std::vector<int> calls, FindingCore* f);
  // Spells what a check left pending (its text first, then its arithmetic
  // and related layers); a finding with nothing pending is left as it is.
  void SpellPending(Finding* f) const;
  // The text a check left unwritten about `calls`, with the text of the
  // checks folded into it appended.
  FindingText SpellText(const std::vector<int>& calls,
                        const Spelling& spelling) const;
  // Writes f's message, path and identity (the identity only when it has
  // none: a cause's is set when grouped) if its check left them unwritten;
  // a cause's message then counts the others it affects.
  void SpellText(Finding* f) const;
  // a's text, written.
  AffectedText Spelled(const Affected& a) const;
  // a's path and identity, without writing its message.
  FindingText Named(const Affected& a) const;
  // The service names of the path of a (or f), without writing the rest of
  // its text.
  std::vector<std::string> PathNamesOf(const Affected& a) const;
  std::vector<std::string> PathNamesOf(const Finding& f) const;
  std::vector<std::string> PathNamesOf(const Candidate& c) const;
  // The numbers of the calls in a row, entry first, as a Path.
  Path PathOf(const std::vector<int>& calls) const;
  // The worst path that ends with `call`: the worst path to its caller, then
  // the call. Path checks report once per call, so every caller of a service
  // is listed, not only the worst one.
  Path PathEndingWith(int call) const;
  // The worst path to a service; no calls when nobody calls it.
  Path WorstPathTo(int service) const;
  // Sets f's tries and bounded product to those of the calls in a row.
  void SetNumbers(const std::vector<int>& calls, FindingCore* f) const;
  // The declaration that documents a path, if any (path, path ending here).
  const Documentation* PathDeclaration(const std::vector<int>& calls) const;
};

// The cause of a finding about the mesh's default retry policy: one setting
// for every call it reaches ("mesh-default|Istio default|3").
std::string MeshDefaultCause(const Layer& layer);
void AppendMeshDefaultCause(const Layer& layer, std::string* out);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_ANALYSIS_CONTEXT_H_
