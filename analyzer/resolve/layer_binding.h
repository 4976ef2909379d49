// Which calls a layer found in source wraps: the calls made from the code it
// encloses. Rules do not see data flow, so the binding goes by scope, the
// narrowest that holds a call site of the layer's service: the enclosing
// function, then the enclosing type, then the file. A layer whose scope holds
// no call site applies to every outbound call of its service, and that is an
// assumption the call and the summary name.
#ifndef AMPCHECK_RESOLVE_LAYER_BINDING_H_
#define AMPCHECK_RESOLVE_LAYER_BINDING_H_

#include <map>
#include <string>
#include <vector>

#include "analyzer/facts/facts.h"

namespace ampcheck {

// A call site of one service and the call it became.
struct BoundSite {
  std::string file;
  const CallSiteFact* site;
  int call;
};

struct Binding {
  std::vector<int> calls;  // distinct, in call site order; empty: none found
  // "calls in OrdersClient.fetch (orders.py:10-24)": how the binding was
  // made, for the call's evidence.
  std::string how;
};

class LayerBinder {
 public:
  void AddSite(int service, BoundSite site);
  // A use of what a layer configures (GetPipeline("catalog")): a call site
  // with no target whose target value names it ("pipeline:catalog"); the
  // calls in the use's function, else its type, run through it.
  void AddUse(int service, BoundSite use);
  // The calls of `service` whose sites lie in the layer's scope.
  Binding Bind(int service, const LayerFact& layer) const;

 private:
  std::map<int, std::vector<BoundSite>> sites_;
  std::map<int, std::vector<BoundSite>> uses_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_LAYER_BINDING_H_
