#include "analyzer/resolve/worst_layer.h"

#include <doctest/doctest.h>

#include <optional>

namespace ampcheck {
namespace {

Layer MeshLayer(int tries, std::optional<Millis> total = std::nullopt) {
  Layer layer;
  layer.kind = LayerKind::kMesh;
  layer.tries = Tries::Of(tries);
  layer.total_timeout = total;
  layer.detail = std::to_string(tries) + " tries";
  return layer;
}

TEST_CASE("the worst layer: more tries, then no total timeout") {
  CHECK(WorseLayer(MeshLayer(3), MeshLayer(2)));
  CHECK_FALSE(WorseLayer(MeshLayer(2), MeshLayer(3)));
  CHECK(WorseLayer(MeshLayer(3), MeshLayer(3, Millis(2000))));
  CHECK_FALSE(WorseLayer(MeshLayer(3, Millis(2000)), MeshLayer(3)));
  CHECK_FALSE(WorseLayer(MeshLayer(3), MeshLayer(3)));
}

TEST_CASE("a call reached by several routes takes the worst, and says so") {
  Model model;
  model.calls.resize(2);
  WorstLayerPerCall layers;
  layers.Offer(0, MeshLayer(2), {{"a.yaml", 3}, "route a: 2 tries"});
  layers.Offer(0, MeshLayer(4), {{"b.yaml", 5}, "route b: 4 tries"});
  layers.Offer(0, MeshLayer(4), {{"b.yaml", 5}, "route b: 4 tries"});  // again
  layers.Offer(1, MeshLayer(3), {{"c.yaml", 1}, "route c: 3 tries"});
  layers.AddTo(&model, "routes");
  REQUIRE(model.calls[0].layers.size() == 1);
  CHECK(model.calls[0].layers[0].detail == "4 tries (worst of 2 routes)");
  REQUIRE(model.calls[0].layers[0].evidence.size() == 2);
  CHECK(model.calls[0].layers[0].evidence[1].detail == "route b: 4 tries");
  REQUIRE(model.calls[1].layers.size() == 1);
  CHECK(model.calls[1].layers[0].detail == "3 tries");
  CHECK(model.calls[1].layers[0].evidence.empty());
}

}  // namespace
}  // namespace ampcheck
