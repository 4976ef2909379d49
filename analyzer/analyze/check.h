// A check: one stable id, one unit (checks/<id>.cc), one docs page
// (docs/checks/<id>.md), its fixtures.
#ifndef AMPCHECK_ANALYZE_CHECK_H_
#define AMPCHECK_ANALYZE_CHECK_H_

#include <memory>
#include <optional>
#include <string>
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
  // A layer: "layer|<origin>|<service>", the callee for a mesh layer (its
  // routes), else the caller (its code).
  std::string LayerCause(int call, const Layer& layer) const;
  // Every layer of the path as related locations.
  std::vector<Evidence> PathEvidence(const std::vector<int>& calls) const;
  // Leaves f's arithmetic to be spelled from one call (CallArithmetic), or
  // its arithmetic and related layers from a path (PathArithmetic and
  // PathEvidence), once findings are grouped.
  static void SpellCallLater(int call, Finding* f);
  static void SpellPathLater(std::vector<int> calls, Finding* f);
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
  // The numbers of the calls in a row, entry first, as a Path.
  Path PathOf(const std::vector<int>& calls) const;
  // The worst path that ends with `call`: the worst path to its caller, then
  // the call. Path checks report once per call, so every caller of a service
  // is listed, not only the worst one.
  Path PathEndingWith(int call) const;
  // The worst path to a service; no calls when nobody calls it.
  Path WorstPathTo(int service) const;
  // Sets f's tries and bounded product to those of the calls in a row.
  void SetNumbers(const std::vector<int>& calls, Finding* f) const;
  // The declaration that documents a path, if any (path, path ending here).
  const Documentation* PathDeclaration(const std::vector<int>& calls) const;
};

class Check {
 public:
  virtual ~Check() = default;
  virtual const char* id() const = 0;
  virtual Severity severity() const = 0;
  virtual const char* summary()
      const = 0;  // one line, for --list-checks and SARIF
  virtual void Run(const AnalysisContext& context,
                   std::vector<Finding>* findings) const = 0;
  // The text of a finding whose writing this check left for when it is
  // printed (Finding::spelling.check is this check); checks that write
  // their text in Run never see it called.
  virtual FindingText Spell(const AnalysisContext& context,
                            const std::vector<int>& calls,
                            const Spelling& spelling) const;
  // The path and identity Spell writes, without its message: what the JSON
  // report lists for each call or path of a cause. By default Spell's, with
  // the message dropped.
  virtual FindingText Name(const AnalysisContext& context,
                           const std::vector<int>& calls,
                           const Spelling& spelling) const;
  // Appends to `out` a start of the message Spell would write (nothing by
  // default): candidates that tie on location and check are ordered by it,
  // and only those it does not tell apart are spelled whole.
  virtual void SpellMessageStart(const AnalysisContext& context,
                                 const std::vector<int>& calls,
                                 const Spelling& spelling,
                                 std::string* out) const;

 protected:
  // A finding of this check about one call, at `location`: the call as its
  // path, the call's arithmetic, identity "<check>|<call>". The message is
  // the caller's to write.
  Finding CallFinding(const AnalysisContext& context, int call,
                      const Location& location) const;
  // The same about one layer of the call: at the layer's line (else the
  // call's), identity "<check>|<call>|<origin>" so that two layers of one
  // call stay two findings.
  Finding LayerFinding(const AnalysisContext& context, int call,
                       const Layer& layer) const;
  // A finding about one layer carries the layer's own tries, not the call's
  // product: those are the numbers that can worsen.
  static void SetLayerNumbers(const Layer& layer, Finding* f);
  // Leaves f's message, path and identity to Spell, which is given f's
  // pending calls (those its arithmetic is spelled from), `variant` and
  // `layer`.
  void SpellTextLater(Finding* f, int variant = 0, int layer = -1) const;
  // As CallFinding, with the text left to Spell; CallText writes the path
  // and identity CallFinding would have.
  Finding CallCandidate(const AnalysisContext& context, int call,
                        const Location& location) const;
  FindingText CallText(const AnalysisContext& context, int call) const;
  // The path of `calls` and identity "<check>|<a>b>c>", as path checks
  // name a path.
  FindingText PathText(const AnalysisContext& context,
                       const std::vector<int>& calls) const;
};

// The cause of a finding about the mesh's default retry policy: one setting
// for every call it reaches ("mesh-default|Istio default|3").
std::string MeshDefaultCause(const Layer& layer);

// Every check, in id order.
const std::vector<std::unique_ptr<Check>>& AllChecks();
// Whether `id` names one of AllChecks().
bool IsCheckId(const std::string& id);

std::unique_ptr<Check> MakeBackoffExceedsTimeoutCheck();
std::unique_ptr<Check> MakeUnboundedRetryCheck();
std::unique_ptr<Check> MakeRetryAmplificationCheck();
std::unique_ptr<Check> MakeUndocumentedAmplificationCheck();
std::unique_ptr<Check> MakeImplicitMeshRetryCheck();
std::unique_ptr<Check> MakeTimeoutInversionCheck();
std::unique_ptr<Check> MakeMissingTimeoutCheck();
std::unique_ptr<Check> MakeNonIdempotentRetryCheck();
std::unique_ptr<Check> MakeIneffectiveRetryCheck();
std::unique_ptr<Check> MakeRetryCycleCheck();
std::unique_ptr<Check> MakeRetryWithoutBudgetCheck();
std::unique_ptr<Check> MakeRetryWithoutJitterCheck();
std::unique_ptr<Check> MakeSaturationRiskCheck();

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_CHECK_H_
