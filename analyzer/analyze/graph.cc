#include "analyzer/analyze/graph.h"

#include <algorithm>
#include <cmath>

#include "analyzer/analyze/arithmetic.h"

namespace ampcheck {
namespace {

CallProduct MultiplyLayers(const Call& call) {
  CallProduct product;
  for (const Layer& layer : call.layers) {
    product.tries = product.tries * layer.tries;
    BoundedFactor bound = BoundLayer(layer);
    product.bounded *= bound.factor;
    if (!bound.bound_by.empty()) product.bound_by.push_back(bound.bound_by);
    if (layer.retries()) ++product.retrying_layers;
  }
  return product;
}

// Worse: more tries, then a larger bounded product.
bool Worse(const WorstPath& candidate, const WorstPath& current) {
  if (current.tries < candidate.tries) return true;
  if (candidate.tries < current.tries) return false;
  return candidate.bounded > current.bounded;
}

}  // namespace

std::vector<int> PathServices(const GraphAnalysis& graph,
                              const std::vector<int>& calls) {
  std::vector<int> services;
  services.reserve(calls.size() + 1);
  for (int call : calls) {
    if (services.empty()) services.push_back(graph.ends[call].from);
    services.push_back(graph.ends[call].to);
  }
  return services;
}

GraphAnalysis AnalyzeGraph(const Model& model) {
  GraphAnalysis out;
  size_t n = model.services.size();
  out.calls.reserve(model.calls.size());
  out.ends.reserve(model.calls.size());
  for (const Call& call : model.calls) {
    out.calls.push_back(MultiplyLayers(call));
    out.ends.push_back({call.from, call.to});
  }

  out.names.reserve(n);
  for (const Service& service : model.services)
    out.names.push_back(service.display);

  std::vector<std::vector<int>> outgoing(n);
  for (size_t i = 0; i < model.calls.size(); ++i) {
    outgoing[model.calls[i].from].push_back(static_cast<int>(i));
  }

  // Iterative DFS: entries (services nobody calls) first, then the rest, so
  // that cycles with no entry are still visited. Back edges close cycles.
  std::vector<int> indegree(n, 0);
  for (const Call& call : model.calls) ++indegree[call.to];
  std::vector<int> roots;
  for (size_t s = 0; s < n; ++s) {
    if (indegree[s] == 0 || model.services[s].is_gateway)
      roots.push_back(static_cast<int>(s));
  }
  for (size_t s = 0; s < n; ++s) roots.push_back(static_cast<int>(s));

  enum Color { kWhite, kGray, kBlack };
  std::vector<Color> color(n, kWhite);
  out.back_edge.assign(model.calls.size(), false);
  std::vector<int> on_stack_call(
      n, -1);  // the call that entered each gray service
  for (int root : roots) {
    if (color[root] != kWhite) continue;
    std::vector<std::pair<int, size_t>> stack = {{root, 0}};
    color[root] = kGray;
    while (!stack.empty()) {
      auto& [service, next] = stack.back();
      if (next < outgoing[service].size()) {
        int call = outgoing[service][next++];
        int to = model.calls[call].to;
        if (color[to] == kWhite) {
          color[to] = kGray;
          on_stack_call[to] = call;
          stack.push_back({to, 0});
        } else if (color[to] == kGray) {
          out.back_edge[call] = true;
          Cycle cycle;
          cycle.calls.push_back(call);
          for (int s = service; s != to;
               s = model.calls[on_stack_call[s]].from) {
            cycle.calls.push_back(on_stack_call[s]);
          }
          std::reverse(cycle.calls.begin(), cycle.calls.end());
          // Start the cycle at the call out of `to`.
          std::rotate(cycle.calls.begin(), cycle.calls.end() - 1,
                      cycle.calls.end());
          out.cycles.push_back(std::move(cycle));
        }
      } else {
        color[service] = kBlack;
        stack.pop_back();
      }
    }
  }

  // Worst path to every service over the graph without back edges (a DAG),
  // in topological order (Kahn). Each call is relaxed once: linear.
  std::vector<int> remaining(n, 0);
  for (size_t i = 0; i < model.calls.size(); ++i) {
    if (!out.back_edge[i]) ++remaining[model.calls[i].to];
  }
  std::vector<int> ready;
  for (size_t s = 0; s < n; ++s) {
    if (remaining[s] == 0) ready.push_back(static_cast<int>(s));
  }
  std::reverse(ready.begin(), ready.end());
  out.topological_order.reserve(n);
  while (!ready.empty()) {
    int service = ready.back();
    ready.pop_back();
    out.topological_order.push_back(service);
    for (int call : outgoing[service]) {
      if (out.back_edge[call]) continue;
      int to = model.calls[call].to;
      if (--remaining[to] == 0) ready.push_back(to);
    }
  }
  out.worst_paths.assign(n, WorstPath{});
  for (int service : out.topological_order) {
    const WorstPath& here = out.worst_paths[service];
    for (int call : outgoing[service]) {
      if (out.back_edge[call]) continue;
      int to = model.calls[call].to;
      WorstPath candidate;
      candidate.tries = here.tries * out.calls[call].tries;
      candidate.bounded = here.bounded * out.calls[call].bounded;
      candidate.retrying_layers =
          here.retrying_layers + out.calls[call].retrying_layers;
      candidate.hops = here.hops + 1;
      if (out.worst_paths[to].last_call < 0 ||
          Worse(candidate, out.worst_paths[to])) {
        candidate.last_call = call;
        candidate.previous_service = service;
        out.worst_paths[to] = candidate;
      }
    }
  }
  out.path_links.reserve(n);
  for (const WorstPath& path : out.worst_paths)
    out.path_links.push_back(
        {path.last_call, path.previous_service, path.hops});
  return out;
}

std::vector<int> GraphAnalysis::PathTo(int service) const {
  std::vector<int> calls;
  AppendPathTo(service, &calls);
  return calls;
}

void GraphAnalysis::AppendPathTo(int service, std::vector<int>* calls) const {
  size_t end = calls->size() + static_cast<size_t>(path_links[service].hops);
  calls->resize(end);
  for (const PathLink* link = &path_links[service]; link->last_call >= 0;
       link = &path_links[link->previous_service]) {
    (*calls)[--end] = link->last_call;
  }
}

}  // namespace ampcheck
