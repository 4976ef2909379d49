// The Mermaid flowchart of a review comment: the affected calls, each edge
// labelled with its tries, capped so that GitHub still draws it.
#ifndef AMPCHECK_REPORT_MERMAID_GRAPH_H_
#define AMPCHECK_REPORT_MERMAID_GRAPH_H_

#include <cstddef>
#include <string>
#include <vector>

#include "analyzer/analyze/graph.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// Mermaid refuses a diagram of more than 500 edges (its maxEdges default).
inline constexpr size_t kMermaidMaxEdges = 500;
// The graph's own share of a comment, so that the paths keep the most of it.
inline constexpr size_t kMermaidMaxChars = 20000;

// A flowchart of `calls`, given worst first: the first distinct ones are
// kept up to `max_edges` edges and `max_chars` characters, and a line after
// the diagram counts the calls left out.
std::string MermaidGraph(const Model& model, const GraphAnalysis& graph,
                         const std::vector<int>& calls,
                         size_t max_edges = kMermaidMaxEdges,
                         size_t max_chars = kMermaidMaxChars);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_MERMAID_GRAPH_H_
