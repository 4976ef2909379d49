// Products along calls and paths, linear in the size of the graph: the worst
// path ending at every service, kept as a predecessor chain.
#ifndef AMPCHECK_ANALYZE_GRAPH_H_
#define AMPCHECK_ANALYZE_GRAPH_H_

#include <string>
#include <vector>

#include "analyzer/base/tries.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

struct CallProduct {
  Tries tries;                        // product of the call's layers
  double bounded = 1;                 // product of the layers' bounded factors
  std::vector<std::string> bound_by;  // what bounds which layer
  int retrying_layers = 0;
};

// The worst path ending at a service, as a link in a predecessor chain: the
// call into the service, whose caller's worst path comes before it. Memory
// stays linear in the graph however deep the paths are.
struct WorstPath {
  int last_call = -1;  // -1: nobody calls the service
  // The caller of last_call, and how many calls the path has: the chain is
  // walked here alone, not through the model's calls, and written once into
  // a list of the right size.
  int previous_service = -1;
  int hops = 0;
  Tries tries;
  double bounded = 1;
  int retrying_layers = 0;
};

// A worst path's link alone (WorstPath::last_call, previous_service), with
// its number of calls: walks of a large fleet's paths read these 12 bytes a
// service, a list that stays in cache where the whole links do not.
struct PathLink {
  int last_call = -1;
  int previous_service = -1;
  int hops = 0;
};

// A call's caller and callee, copied out of the model: walks over a large
// fleet's many paths read these 8 bytes a call, not the whole call.
struct CallEnds {
  int from = -1;
  int to = -1;
};

struct Cycle {
  std::vector<int> calls;  // closes back on the first call's caller
};

struct GraphAnalysis {
  std::vector<CallProduct> calls;  // by call index
  std::vector<CallEnds> ends;      // by call index
  // Services' display names, by service index, copied out of the model: a
  // large fleet's paths name services at random, and this list stays in
  // cache where the services themselves do not.
  std::vector<std::string> names;
  std::vector<WorstPath> worst_paths;  // by service index
  std::vector<PathLink> path_links;    // by service index, as worst_paths
  std::vector<Cycle> cycles;
  std::vector<bool> back_edge;  // by call index: closes a cycle
  // Services such that every call that does not close a cycle goes from an
  // earlier service to a later one; reports walk it (or its reverse) too.
  std::vector<int> topological_order;

  // The calls of the worst path to `service`, entry first; empty when
  // nobody calls it.
  std::vector<int> PathTo(int service) const;
  // The same, appended to `calls`.
  void AppendPathTo(int service, std::vector<int>* calls) const;
};

GraphAnalysis AnalyzeGraph(const Model& model);

// Services along a path, entry first.
std::vector<int> PathServices(const GraphAnalysis& graph,
                              const std::vector<int>& calls);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_GRAPH_H_
