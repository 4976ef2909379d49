// Findings as causes: the findings of one check that one change would fix
// (one layer's retries, one mesh default) become one finding listing the
// calls or paths it affects, worst first.
#ifndef AMPCHECK_ANALYZE_CAUSES_H_
#define AMPCHECK_ANALYZE_CAUSES_H_

#include <string>
#include <vector>

#include "analyzer/analyze/check.h"
#include "analyzer/analyze/finding.h"

namespace ampcheck {

// Adds `check` to a folded_checks list unless it is there.
void AddFoldedCheck(const std::string& check,
                    std::vector<std::string>* folded_checks);
// "; and 3 more paths from the same cause"
std::string MoreFromSameCause(size_t more, const std::string& unit);

// Findings of one check with the same non-empty cause become one: the worst
// (most tries, then the highest bounded product, then the first in report
// order) leads and keeps its location; its message counts the others
// ("; and 3 more paths from the same cause", once spelled when its check
// left its text unwritten); `affected` lists them all,
// worst first (only itself when alone); the identity becomes
// "<check>|cause|<cause>", stable while the cause exists, however many calls
// it affects. Input in report order; output in report order.
std::vector<Finding> GroupByCause(std::vector<Finding> findings);
// The same over candidates held elsewhere, which it moves from: a large
// fleet's candidates are never copied into a list of their own, and only
// the causes' leads become findings. Groups are made on up to `threads`
// threads.
std::vector<Finding> GroupByCause(const std::vector<Candidate*>& candidates,
                                  int threads = 1);

// What a finding of its own would have said: the call or path `f` is about.
Affected AffectedBy(const Finding& f);
// The same, taking the text of a finding that is about to be dropped.
Affected AffectedBy(Finding&& f);
Affected AffectedBy(Candidate&& c);
// A finding as a check would have emitted it: a core when its check left
// all its text, else the finding written.
Candidate AsCandidate(Finding f);

// The identities that name the finding: its own, then those of the calls or
// paths it affects (identities written before findings were grouped).
std::vector<std::string> Identities(const AnalysisContext& context,
                                    const Finding& finding);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_CAUSES_H_
