#include "analyzer/base/string_table.h"

#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

namespace ampcheck {
namespace {

TEST_CASE("string table: equal strings are one, from any thread") {
  StringTable table;
  const std::string* mesh = table.Of("mesh-default|Istio default|3");
  std::string spelled = "mesh-default|";
  spelled += "Istio default|3";
  CHECK(table.Of(spelled) == mesh);
  CHECK(*mesh == "mesh-default|Istio default|3");
  CHECK(table.Of("deploy/cart.yaml") != mesh);
  CHECK(table.Of("")->empty());
  // Thousands of strings from two threads: each stays where it was first
  // held, whatever was added after.
  std::vector<const std::string*> first(5000), second(5000);
  std::thread other([&] {
    for (int i = 0; i < 5000; ++i) second[i] = table.Of(std::to_string(i));
  });
  for (int i = 0; i < 5000; ++i) first[i] = table.Of(std::to_string(i));
  other.join();
  for (int i = 0; i < 5000; ++i) {
    CHECK(first[i] == second[i]);
    CHECK(*first[i] == std::to_string(i));
  }
  CHECK(table.Of("mesh-default|Istio default|3") == mesh);
}

}  // namespace
}  // namespace ampcheck
