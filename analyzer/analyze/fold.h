// A path over the limit that nothing documents is one finding with both
// facts: undocumented-amplification folded into retry-amplification.
#ifndef AMPCHECK_ANALYZE_FOLD_H_
#define AMPCHECK_ANALYZE_FOLD_H_

#include <string>
#include <vector>

#include "analyzer/analyze/analysis_context.h"
#include "analyzer/analyze/finding.h"

namespace ampcheck {

// A path over the limit that nothing documents is one finding with both
// facts: each undocumented-amplification finding whose path has a
// retry-amplification finding is folded into it (its message appended, its
// check named in folded_checks).
// Findings whose text is left to their check are folded by their paths'
// services and spelled together when printed.
void FoldUndocumentedIntoAmplification(const AnalysisContext& context,
                                       std::vector<Finding>* findings);
// The same over candidates held elsewhere: drops the folded ones' pointers.
// Paths are matched on up to `threads` threads.
void FoldUndocumentedIntoAmplification(const AnalysisContext& context,
                                       std::vector<Candidate*>* candidates,
                                       int threads = 1);
// What a folded finding's message adds to the one it is folded into:
// "...: 108 tries per request from 4 retrying layers (...); nothing
// declares..." adds what follows "tries per request from".
void AppendFolded(const std::string& folded_message, std::string* message);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_FOLD_H_
