#include "analyzer/analyze/cause_name.h"

#include <doctest/doctest.h>

#include <memory>
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

TEST_CASE("cause names: a name asked of two tables is each one's own") {
  // The name each thread asked for last is kept apart; it must never answer
  // for another table, nor for a table made where a freed one was.
  CauseNames first, second;
  const CauseName a = first.Of("layer|shared");
  const CauseName b = second.Of("layer|shared");
  CHECK(!(a == b));
  CHECK(first.Of("layer|shared") == a);
  CHECK(second.Of("layer|shared") == b);
  for (int i = 0; i < 50; ++i) {
    auto names = std::make_unique<CauseNames>();
    const CauseName held = names->Of("layer|shared");
    CHECK(!(held == a));
    CHECK(!(held == b));
    names->Of("layer|other");
    // Asked again after another name: found in the table itself.
    CHECK(names->Of("layer|shared") == held);
  }
}

}  // namespace
}  // namespace ampcheck
