#include "analyzer/analyze/cause_name.h"

#include <doctest/doctest.h>

#include <string>

namespace ampcheck {
namespace {

TEST_CASE("cause names: equal names are one, from any thread") {
  CauseNames names;
  const CauseName mesh = names.Of("mesh-default|Istio default|3");
  std::string spelled = "mesh-default|";
  spelled += "Istio default|3";
  CHECK(names.Of(spelled) == mesh);
  CHECK(mesh.view() == "mesh-default|Istio default|3");
  CHECK(!(names.Of("layer|VirtualService cart|shop/cart") == mesh));
  CHECK(names.Of("").empty());
  CHECK(CauseName().view().empty());
  CHECK(names.Of("mesh-default|Istio default|3") == mesh);
}

}  // namespace
}  // namespace ampcheck
