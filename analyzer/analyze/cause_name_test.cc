#include "analyzer/analyze/cause_name.h"

#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

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
  // Thousands of names from two threads: each stays where it was first
  // held, whatever was added after.
  std::vector<CauseName> first(5000), second(5000);
  std::thread other([&] {
    for (int i = 0; i < 5000; ++i) second[i] = names.Of(std::to_string(i));
  });
  for (int i = 0; i < 5000; ++i) first[i] = names.Of(std::to_string(i));
  other.join();
  for (int i = 0; i < 5000; ++i) {
    CHECK(first[i] == second[i]);
    CHECK(first[i].view() == std::to_string(i));
  }
  CHECK(names.Of("mesh-default|Istio default|3") == mesh);
}

}  // namespace
}  // namespace ampcheck
