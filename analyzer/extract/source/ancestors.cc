#include "analyzer/extract/source/ancestors.h"

#include <algorithm>

namespace ampcheck {

std::vector<TSNode> Ancestors(TSNode node) {
  std::vector<TSNode> chain;
  if (ts_node_is_null(node)) return chain;
  TSNode current = ts_tree_root_node(node.tree);
  uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
  TSTreeCursor cursor = ts_tree_cursor_new(current);
  while (true) {
    chain.push_back(current);
    if (ts_node_eq(current, node)) break;
    // The child holding the node's range; the node itself when it is one.
    bool descended = false;
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      do {
        TSNode child = ts_tree_cursor_current_node(&cursor);
        if (ts_node_eq(child, node) ||
            (ts_node_start_byte(child) <= start &&
             ts_node_end_byte(child) >= end &&
             ts_node_end_byte(child) > ts_node_start_byte(child))) {
          // An empty child at the node's start holds nothing of it.
          current = child;
          descended = true;
          break;
        }
      } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    if (!descended) break;  // not found under this root: what was climbed
  }
  ts_tree_cursor_delete(&cursor);
  if (!ts_node_eq(chain.back(), node)) {
    // Not reached by ranges (it should be): climb the slow way.
    chain.clear();
    for (TSNode n = node; !ts_node_is_null(n); n = ts_node_parent(n))
      chain.push_back(n);
    return chain;
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace ampcheck
