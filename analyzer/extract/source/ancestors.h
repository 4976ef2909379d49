// A node's ancestors in one walk down from the root: tree-sitter 0.20's
// ts_node_parent walks down from the root on every call, so climbing a deep
// tree parent by parent costs the square of its depth (a 30,000-level
// nesting took minutes).
#ifndef AMPCHECK_EXTRACT_SOURCE_ANCESTORS_H_
#define AMPCHECK_EXTRACT_SOURCE_ANCESTORS_H_

#include <tree_sitter/api.h>

#include <vector>

namespace ampcheck {

// `node`, its parent, ..., the root: innermost first.
std::vector<TSNode> Ancestors(TSNode node);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_ANCESTORS_H_
