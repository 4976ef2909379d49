// The order reports list candidates in, before they are grouped by cause.
#ifndef AMPCHECK_ANALYZE_CANDIDATE_ORDER_H_
#define AMPCHECK_ANALYZE_CANDIDATE_ORDER_H_

#include <vector>

#include "analyzer/analyze/check.h"
#include "analyzer/analyze/finding.h"

namespace ampcheck {

// Orders candidates by location, check and message, and drops repeats (the
// same three). A message its check left unwritten is compared by the start
// its check spells cheaply (Check::SpellMessageStart) and written whole only
// where two starts do not tell the messages apart: on a large fleet most
// candidates tie on location and check, and writing all their messages cost
// more than the checks themselves (docs/performance.md). Ties are ordered on
// up to `threads` threads.
void OrderCandidates(const AnalysisContext& context,
                     std::vector<Candidate*>* order, int threads = 1);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_CANDIDATE_ORDER_H_
