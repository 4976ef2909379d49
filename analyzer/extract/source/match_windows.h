// Where in a parsed file a query's matches can be: running a query only over
// these subtrees instead of the whole tree finds exactly the same matches, in
// the same order, at a fraction of the cost (most files hold a retry call or
// two among hundreds of lines).
#ifndef AMPCHECK_EXTRACT_SOURCE_MATCH_WINDOWS_H_
#define AMPCHECK_EXTRACT_SOURCE_MATCH_WINDOWS_H_

#include <tree_sitter/api.h>

#include <string_view>
#include <vector>

#include "analyzer/extract/source/query.h"

namespace ampcheck {

// Every match captures a node whose text contains an anchor word, so its
// root is an ancestor of an occurrence of that word, of a type the patterns
// are rooted at. The windows are, for each occurrence, its outermost such
// ancestor: disjoint subtrees in document order (none inside another).
std::vector<TSNode> MatchWindows(TSNode root, std::string_view source,
                                 const QueryAnchors& anchors);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_MATCH_WINDOWS_H_
