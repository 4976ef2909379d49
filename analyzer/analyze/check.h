// A check: one stable id, one unit (checks/<id>.cc), one docs page
// (docs/checks/<id>.md), its fixtures.
#ifndef AMPCHECK_ANALYZE_CHECK_H_
#define AMPCHECK_ANALYZE_CHECK_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/analyze/analysis_context.h"
#include "analyzer/analyze/finding.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

class Check {
 public:
  virtual ~Check() = default;
  virtual const char* id() const = 0;
  virtual Severity severity() const = 0;
  virtual const char* summary()
      const = 0;  // one line, for --list-checks and SARIF
  virtual void Run(const AnalysisContext& context,
                   std::vector<Candidate>* candidates) const = 0;
  // Whether each candidate comes from one call, so that the calls can be
  // split in ranges (RunCalls) and a large fleet's checked on every thread.
  virtual bool RunsByCall() const { return false; }
  // The candidates of calls [begin, end), for a check that RunsByCall: each
  // call's are those Run writes for it, in the same order.
  virtual void RunCalls(const AnalysisContext& context, size_t begin,
                        size_t end, std::vector<Candidate>* candidates) const;
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
  static void SetLayerNumbers(const Layer& layer, FindingCore* f);
  // Leaves f's message, path and identity to Spell, which is given f's
  // pending calls (those its arithmetic is spelled from), `variant` and
  // `layer`.
  void SpellTextLater(FindingCore* f, int variant = 0, int layer = -1) const;
  // As CallFinding, with the text left to Spell; CallText writes the path
  // and identity CallFinding would have.
  Candidate CallCandidate(const AnalysisContext& context, int call,
                          const Location& location) const;
  FindingText CallText(const AnalysisContext& context, int call) const;
  // The path of `calls` and identity "<check>|<a>b>c>", as path checks
  // name a path.
  FindingText PathText(const AnalysisContext& context,
                       const std::vector<int>& calls) const;
};

// A check whose candidates each come from one call: Run checks every call.
class CallCheck : public Check {
 public:
  void Run(const AnalysisContext& context,
           std::vector<Candidate>* candidates) const final;
  bool RunsByCall() const final { return true; }
};

// Every check, in id order.
const std::vector<std::unique_ptr<Check>>& AllChecks();
// The index in AllChecks() of the check `id` names; -1 when none does.
int CheckIndex(std::string_view id);
// Whether `id` names one of AllChecks().
bool IsCheckId(const std::string& id);
// Appends `folded`'s text on the same calls to what `spelling` writes.
void AddFolded(const Check* folded, Spelling* spelling);
// The checks whose text `spelling` appends, in AllChecks() order.
std::vector<const Check*> FoldedChecks(const Spelling& spelling);

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
