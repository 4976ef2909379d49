#include "analyzer/report/mermaid_graph.h"

#include <set>

#include "analyzer/report/plural.h"

namespace ampcheck {
namespace {

// Mermaid labels are quoted; a quote inside is written as #quot;.
std::string Label(const std::string& text) {
  std::string out;
  for (char c : text)
    out += c == '"' ? std::string("#quot;") : std::string(1, c);
  return "\"" + out + "\"";
}

std::string NodeLine(const Model& model, int service) {
  return "  s" + std::to_string(service) + "[" +
         Label(model.DisplayName(service)) + "]\n";
}

std::string EdgeLine(const Model& model, const GraphAnalysis& graph, int call) {
  const Call& c = model.calls[call];
  return "  s" + std::to_string(c.from) + " -->|" +
         Label(graph.calls[call].tries.ToString() + " tries") + "| s" +
         std::to_string(c.to) + "\n";
}

}  // namespace

std::string MermaidGraph(const Model& model, const GraphAnalysis& graph,
                         const std::vector<int>& calls, size_t max_edges,
                         size_t max_chars) {
  const std::string open = "```mermaid\nflowchart LR\n", close = "```\n";
  std::set<int> distinct, kept, services;
  size_t size = open.size() + close.size();
  for (int call : calls) {
    if (!distinct.insert(call).second) continue;
    if (kept.size() >= max_edges) continue;
    const Call& c = model.calls[call];
    size_t grows = EdgeLine(model, graph, call).size();
    for (int s : {c.from, c.to}) {
      if (!services.count(s)) grows += NodeLine(model, s).size();
    }
    if (size + grows > max_chars) continue;
    size += grows;
    kept.insert(call);
    services.insert(c.from);
    services.insert(c.to);
  }
  std::string text = open;
  for (int s : services) text += NodeLine(model, s);
  for (int call : kept) text += EdgeLine(model, graph, call);
  text += close;
  if (kept.size() < distinct.size()) {
    text += "\n<sub>The graph draws the " + Plural(kept.size(), "worst call") +
            " of " + std::to_string(distinct.size()) + "; " +
            std::to_string(distinct.size() - kept.size()) +
            (distinct.size() - kept.size() == 1 ? " more is" : " more are") +
            " not drawn (at most " + std::to_string(max_edges) + " edges and " +
            std::to_string(max_chars) + " characters).</sub>\n";
  }
  return text;
}

}  // namespace ampcheck
