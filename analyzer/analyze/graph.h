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
  Tries tries;
  double bounded = 1;
  int retrying_layers = 0;
};

struct Cycle {
  std::vector<int> calls;  // closes back on the first call's caller
};

struct GraphAnalysis {
  std::vector<CallProduct> calls;      // by call index
  std::vector<WorstPath> worst_paths;  // by service index
  std::vector<Cycle> cycles;
  std::vector<bool> back_edge;  // by call index: closes a cycle
  // Services such that every call that does not close a cycle goes from an
  // earlier service to a later one; reports walk it (or its reverse) too.
  std::vector<int> topological_order;

  // The calls of the worst path to `service`, entry first; empty when
  // nobody calls it.
  std::vector<int> PathTo(const Model& model, int service) const;
};

GraphAnalysis AnalyzeGraph(const Model& model);

// Services along a path, entry first.
std::vector<int> PathServices(const Model& model,
                              const std::vector<int>& calls);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_GRAPH_H_
