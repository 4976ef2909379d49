#include "analyzer/report/inventory_graph.h"

#include <algorithm>
#include <set>
#include <vector>

#include "analyzer/base/json_dump.h"
#include "analyzer/report/html_escape.h"
#include "analyzer/report/inventory_graph_assets.h"

namespace ampcheck {
namespace {

bool OverLimit(const Model& model, const Tries& tries) {
  return tries.unbounded() || tries.count() > model.max_tries;
}

// The services drawn: all, or the `max_services` with the worst inbound
// product.
std::vector<bool> Shown(const Model& model, const Analysis& analysis,
                        size_t max_services) {
  size_t n = model.services.size();
  std::vector<bool> shown(n, n <= max_services);
  if (n <= max_services) return shown;
  std::vector<int> order(n);
  for (size_t s = 0; s < n; ++s) order[s] = static_cast<int>(s);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return analysis.graph.worst_paths[b].tries <
           analysis.graph.worst_paths[a].tries;
  });
  for (size_t i = 0; i < max_services; ++i) shown[order[i]] = true;
  return shown;
}

// Calls on the worst paths: those of the kMaxHotPaths services with the
// largest products over the limit, else the worst one.
std::set<int> HighlightedCalls(const Model& model, const Analysis& analysis) {
  std::vector<int> over;
  int worst = -1;
  for (size_t s = 0; s < model.services.size(); ++s) {
    const WorstPath& path = analysis.graph.worst_paths[s];
    if (path.last_call < 0) continue;
    if (worst < 0 || analysis.graph.worst_paths[worst].tries < path.tries)
      worst = static_cast<int>(s);
    if (OverLimit(model, path.tries)) over.push_back(static_cast<int>(s));
  }
  std::stable_sort(over.begin(), over.end(), [&](int a, int b) {
    return analysis.graph.worst_paths[b].tries <
           analysis.graph.worst_paths[a].tries;
  });
  if (over.size() > kMaxHotPaths) over.resize(kMaxHotPaths);
  if (over.empty() && worst >= 0 &&
      analysis.graph.worst_paths[worst].tries.retries())
    over.push_back(worst);
  std::set<int> calls;
  for (int s : over) {
    for (int call : analysis.graph.PathTo(s)) calls.insert(call);
  }
  return calls;
}

const char kToolbar[] = R"(<div class="graph-tools">
<input type="search" id="graph-filter" placeholder="filter services by name" aria-label="filter services by name">
<label><input type="checkbox" id="graph-hide"> hide the others</label>
<button type="button" id="graph-zoom-in" title="zoom in">+</button>
<button type="button" id="graph-zoom-out" title="zoom out">&minus;</button>
<button type="button" id="graph-fit" title="fit the graph (or the filtered services) into view">fit</button>
<span id="graph-status" class="muted"></span>
</div>
)";

}  // namespace

nlohmann::json CallGraphJson(const Model& model, const Analysis& analysis,
                             size_t max_services) {
  std::vector<bool> shown = Shown(model, analysis, max_services);
  std::set<int> hot = HighlightedCalls(model, analysis);
  nlohmann::json nodes = nlohmann::json::array();
  for (size_t s = 0; s < model.services.size(); ++s) {
    if (!shown[s]) continue;
    const Tries& tries = analysis.graph.worst_paths[s].tries;
    nodes.push_back({{"id", s},
                     {"name", model.services[s].display},
                     {"namespace", model.services[s].ns},
                     {"tries", tries.ToString()},
                     {"over", OverLimit(model, tries)}});
  }
  nlohmann::json edges = nlohmann::json::array();
  for (size_t i = 0; i < model.calls.size(); ++i) {
    const Call& call = model.calls[i];
    if (!shown[call.from] || !shown[call.to]) continue;
    const Tries& tries = analysis.graph.calls[i].tries;
    edges.push_back({{"from", call.from},
                     {"to", call.to},
                     {"tries", tries.ToString()},
                     {"retries", tries.retries()},
                     {"hot", hot.count(static_cast<int>(i)) > 0},
                     {"back", static_cast<bool>(analysis.graph.back_edge[i])}});
  }
  return {{"services", model.services.size()},
          {"nodes", std::move(nodes)},
          {"edges", std::move(edges)}};
}

void RenderCallGraph(const Model& model, const Analysis& analysis,
                     std::ostream& out) {
  out << kToolbar
      << "<div class=\"graph\" id=\"graph-pane\"><svg "
         "xmlns=\"http://www.w3.org/2000/svg\" id=\"call-graph\"></svg>"
         "</div>\n<script type=\"application/json\" id=\"call-graph-data\">"
      << ScriptSafeJson(DumpJson(CallGraphJson(model, analysis)))
      << "</script>\n<script>" << kDagreLegal << kDagreJs << "</script>\n"
      << "<script>" << kInventoryGraphJs << "</script>\n";
}

}  // namespace ampcheck
