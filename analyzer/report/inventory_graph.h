// The call graph of the HTML inventory: the services and calls as JSON
// data, laid out in the browser by the embedded dagre and drawn as SVG with
// pan, zoom and a filter by service name; each edge carries its tries and
// the worst paths are red.
#ifndef AMPCHECK_REPORT_INVENTORY_GRAPH_H_
#define AMPCHECK_REPORT_INVENTORY_GRAPH_H_

#include <cstddef>
#include <nlohmann/json.hpp>
#include <ostream>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// Beyond this many services the picture keeps the ones with the largest
// products (the tables still list all): the layout takes seconds past it.
inline constexpr size_t kMaxGraphServices = 500;

// At most this many worst paths are red: in a large fleet most paths can
// be over the limit, and a graph all red shows nothing.
inline constexpr size_t kMaxHotPaths = 10;

// {"services": all, "nodes": [...], "edges": [...]}: a node per service
// drawn (id, name, namespace, its worst inbound tries, over the limit or
// not), an edge per call between two drawn services (from, to, tries,
// retries or not, on a worst path or not, closing a cycle or not).
nlohmann::json CallGraphJson(const Model& model, const Analysis& analysis,
                             size_t max_services = kMaxGraphServices);

// The graph's section of the page: toolbar, SVG, data and scripts (its
// style is kInventoryGraphCss, for the page's head).
void RenderCallGraph(const Model& model, const Analysis& analysis,
                     std::ostream& out);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_INVENTORY_GRAPH_H_
