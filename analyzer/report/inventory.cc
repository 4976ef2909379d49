#include "analyzer/report/inventory.h"

#include <algorithm>
#include <map>
#include <set>

namespace ampcheck {
namespace {

// Same layer, seen on several calls: same kind, tries, origin and place.
bool SameLayer(const Layer& a, const Layer& b) {
  return a.kind == b.kind && a.tries == b.tries && a.origin == b.origin &&
         a.location == b.location && a.detail == b.detail;
}

}  // namespace

SourceSummary SummarizeSources(const std::vector<FileFacts>& facts) {
  SourceSummary summary;
  std::map<std::string, SourceSummary::Root> roots;
  for (const FileFacts& f : facts) {
    for (const LayerFact& layer : f.layers)
      summary.layers.push_back({layer.layer.location, layer.layer.origin});
    if (f.file.empty()) continue;  // problems of the input as a whole
    size_t slash = f.file.find('/');
    std::string name =
        slash == std::string::npos ? "." : f.file.substr(0, slash);
    SourceSummary::Root& root = roots[name];
    root.path = name;
    ++root.files;
    root.layer_facts += static_cast<int>(f.layers.size());
    for (const BuildMarkerFact& m : f.build_markers) {
      root.build_markers.push_back(m.marker +
                                   (m.name.empty() ? "" : " (" + m.name + ")"));
    }
  }
  for (auto& [name, root] : roots) summary.roots.push_back(std::move(root));
  return summary;
}

std::vector<std::vector<int>> WorstOutboundPaths(const Model& model,
                                                 const GraphAnalysis& graph) {
  size_t n = model.services.size();
  std::vector<std::vector<int>> outgoing(n);
  for (size_t i = 0; i < model.calls.size(); ++i) {
    if (!graph.back_edge[i])
      outgoing[model.calls[i].from].push_back(static_cast<int>(i));
  }
  // Sinks first (the topological order reversed): a service is done once all
  // its callees are.
  std::vector<Tries> best(n);
  std::vector<double> best_bounded(n, 1);
  std::vector<int> next(n, -1);
  for (auto it = graph.topological_order.rbegin();
       it != graph.topological_order.rend(); ++it) {
    int s = *it;
    for (int call : outgoing[s]) {
      int to = model.calls[call].to;
      Tries tries = graph.calls[call].tries * best[to];
      double bounded = graph.calls[call].bounded * best_bounded[to];
      if (next[s] < 0 || best[s] < tries ||
          (tries == best[s] && bounded > best_bounded[s])) {
        best[s] = tries;
        best_bounded[s] = bounded;
        next[s] = call;
      }
    }
  }
  std::vector<std::vector<int>> paths(n);
  for (size_t s = 0; s < n; ++s) {
    for (int call = next[s]; call >= 0; call = next[model.calls[call].to])
      paths[s].push_back(call);
  }
  return paths;
}

int ServicesWithMultiLayerCalls(const Inventory& inventory) {
  int services = 0;
  for (const ServiceInventory& e : inventory.services)
    services += e.multi_layer_calls.empty() ? 0 : 1;
  return services;
}

Inventory BuildInventory(const Model& model, const Analysis& analysis,
                         const SourceSummary& sources) {
  Inventory inventory;
  size_t n = model.services.size();
  std::vector<std::vector<int>> outbound =
      WorstOutboundPaths(model, analysis.graph);
  std::map<std::string, int> by_display;
  for (size_t s = 0; s < n; ++s)
    by_display[model.services[s].display] = static_cast<int>(s);
  inventory.services.resize(n);
  for (size_t s = 0; s < n; ++s) {
    ServiceInventory& entry = inventory.services[s];
    entry.service = static_cast<int>(s);
    entry.worst_inbound = analysis.graph.PathTo(static_cast<int>(s));
    entry.inbound_tries = analysis.graph.worst_paths[s].tries;
    entry.worst_outbound = outbound[s];
    for (int call : outbound[s])
      entry.outbound_tries =
          entry.outbound_tries * analysis.graph.calls[call].tries;
  }
  // Layers: the service's own on its outbound calls, and the inbound
  // sidecar layers of the calls it receives.
  for (size_t i = 0; i < model.calls.size(); ++i) {
    const Call& call = model.calls[i];
    ServiceInventory& caller = inventory.services[call.from];
    ++caller.outbound_calls;
    if (analysis.graph.calls[i].retrying_layers > 1)
      caller.multi_layer_calls.push_back(static_cast<int>(i));
    for (const Layer& layer : call.layers) {
      ServiceInventory& owner = layer.kind == LayerKind::kMeshInbound
                                    ? inventory.services[call.to]
                                    : caller;
      auto same = std::find_if(
          owner.layers.begin(), owner.layers.end(),
          [&](const InventoryLayer& l) { return SameLayer(l.layer, layer); });
      if (same == owner.layers.end()) {
        owner.layers.push_back({layer, {static_cast<int>(i)}});
      } else {
        same->calls.push_back(static_cast<int>(i));
      }
    }
  }
  for (ServiceInventory& entry : inventory.services) {
    std::stable_sort(entry.layers.begin(), entry.layers.end(),
                     [](const InventoryLayer& a, const InventoryLayer& b) {
                       return a.layer.kind < b.layer.kind;
                     });
  }
  for (const Finding& f : analysis.findings) {
    if (f.path.empty()) continue;
    auto it = by_display.find(f.path.front());
    if (it == by_display.end()) continue;
    ServiceInventory& entry = inventory.services[it->second];
    ++entry.findings;
    if (f.check == "missing-timeout" && f.path.size() > 1)
      entry.missing_timeouts.push_back(f.path.back());
  }

  // Sources the graph does not come from: listed, never dropped.
  std::set<std::string> graph_files;
  std::set<Location> graph_layers;
  for (const Service& s : model.services) graph_files.insert(s.location.file);
  for (const Call& call : model.calls) {
    for (const Evidence& e : call.evidence) graph_files.insert(e.location.file);
    for (const Layer& layer : call.layers) {
      graph_files.insert(layer.location.file);
      graph_layers.insert(layer.location);
    }
  }
  std::map<std::string, int> by_key;
  for (size_t s = 0; s < n; ++s)
    by_key[model.services[s].Key()] = static_cast<int>(s);
  for (const auto& [root, keys] : model.source_roots) {
    for (const std::string& key : keys) {
      if (auto it = by_key.find(key); it != by_key.end())
        inventory.services[it->second].sources.push_back(root);
    }
  }
  for (const SourceSummary::Root& root : sources.roots) {
    bool identified = model.source_roots.count(root.path) > 0;
    if (root.path == ".") {
      // Files at the top of a single input: identified when any of them is
      // in the graph.
      for (const std::string& file : graph_files)
        identified = identified || file.find('/') == std::string::npos;
    }
    for (auto it = graph_files.lower_bound(root.path + "/");
         !identified && it != graph_files.end() &&
         it->rfind(root.path + "/", 0) == 0;
         ++it) {
      identified = true;
    }
    if (!identified) inventory.unidentified.push_back(root);
  }
  for (const auto& [where, origin] : sources.layers) {
    if (!graph_layers.count(where))
      inventory.unattributed_layers.push_back({where, origin});
  }
  std::sort(inventory.unattributed_layers.begin(),
            inventory.unattributed_layers.end());
  return inventory;
}

std::vector<std::string> InventoryFormats() {
  return {"json", "csv", "html", "text"};
}

bool RenderInventory(const std::string& format, const Model& model,
                     const Analysis& analysis, const Inventory& inventory,
                     std::ostream& out) {
  if (format == "json") {
    RenderInventoryJson(model, analysis, inventory, out);
  } else if (format == "csv") {
    RenderInventoryCsv(model, analysis, inventory, out);
  } else if (format == "html") {
    RenderInventoryHtml(model, analysis, inventory, out);
  } else if (format == "text") {
    RenderInventoryText(model, analysis, inventory, out);
  } else {
    return false;
  }
  return true;
}

}  // namespace ampcheck
