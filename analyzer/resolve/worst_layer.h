// Several routes, rules or Ingresses reaching one call: the call takes the
// worst of their layers, and says of how many, with each one's summary as
// evidence.
#ifndef AMPCHECK_RESOLVE_WORST_LAYER_H_
#define AMPCHECK_RESOLVE_WORST_LAYER_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/base/layer.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// Whether `candidate` is worse than `current`: more tries, or as many
// without a total timeout where `current` has one (it can hold the caller
// longer).
bool WorseLayer(const Layer& candidate, const Layer& current);

// " (worst of 3 routes)".
std::string WorstOfSuffix(size_t count, const std::string& noun);

// Collects the layers offered for each call and puts the worst on it.
class WorstLayerPerCall {
 public:
  // `summary` names where `layer` comes from ("Ingress web: 3 tries"); the
  // same summary twice counts once.
  void Offer(int call, const Layer& layer, const Evidence& summary);
  // Each call's worst layer onto it, with WorstOfSuffix and the summaries
  // when more than one was offered; a call's layers stay sorted by kind.
  void AddTo(Model* model, const std::string& noun);

 private:
  std::map<int, std::pair<Layer, std::vector<Evidence>>> layers_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_WORST_LAYER_H_
