#include "analyzer/extract/source/match_windows.h"

#include <algorithm>
#include <cstring>

#include "analyzer/extract/source/ancestors.h"

namespace ampcheck {

std::vector<TSNode> MatchWindows(TSNode root, std::string_view source,
                                 const QueryAnchors& anchors) {
  std::vector<TSNode> windows;
  for (const std::string& word : anchors.words) {
    for (size_t at = source.find(word); at != std::string_view::npos;
         at = source.find(word, at + 1)) {
      uint32_t start = static_cast<uint32_t>(at);
      uint32_t end = static_cast<uint32_t>(at + word.size());
      TSNode outermost{};
      bool found = false;
      for (TSNode node :
           Ancestors(ts_node_descendant_for_byte_range(root, start, end))) {
        if (anchors.root_types.count(ts_node_type(node))) {
          outermost = node;
          found = true;
        }
      }
      if (found) windows.push_back(outermost);
    }
  }
  // Nodes of one tree either nest or are disjoint: sort by start (outer
  // first on ties) and drop every window inside the one kept before it.
  std::sort(windows.begin(), windows.end(), [](TSNode a, TSNode b) {
    uint32_t sa = ts_node_start_byte(a), sb = ts_node_start_byte(b);
    if (sa != sb) return sa < sb;
    return ts_node_end_byte(a) > ts_node_end_byte(b);
  });
  std::vector<TSNode> kept;
  for (TSNode window : windows) {
    if (!kept.empty() &&
        ts_node_end_byte(window) <= ts_node_end_byte(kept.back())) {
      continue;
    }
    kept.push_back(window);
  }
  return kept;
}

}  // namespace ampcheck
