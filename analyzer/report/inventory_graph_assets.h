// What the HTML inventory's graph inlines, embedded at build time by
// graph_layout/graph_layout.cmake: the pinned dagre from the npm registry
// (empty when it was not installed) with its license comment, and the
// viewer that lays out, draws, pans, zooms and filters the graph.
#ifndef AMPCHECK_REPORT_INVENTORY_GRAPH_ASSETS_H_
#define AMPCHECK_REPORT_INVENTORY_GRAPH_ASSETS_H_

namespace ampcheck {

extern const char kDagreJs[];
extern const char kDagreLegal[];
extern const char kInventoryGraphJs[];
extern const char kInventoryGraphCss[];

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_INVENTORY_GRAPH_ASSETS_H_
