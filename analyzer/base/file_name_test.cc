#include "analyzer/base/file_name.h"

#include <doctest/doctest.h>

#include <string>
#include <unordered_set>

#include "analyzer/base/layer.h"

namespace ampcheck {
namespace {

TEST_CASE("file names: one copy of each path, ordered by its text") {
  const FileName routing = "mesh/routing.yaml";
  std::string spelled = "mesh/";
  spelled += "routing.yaml";
  CHECK(FileName(spelled) == routing);
  CHECK(&FileName(spelled).str() == &routing.str());
  CHECK(routing == "mesh/routing.yaml");
  CHECK(routing == std::string("mesh/routing.yaml"));
  CHECK(!(routing == "mesh/other.yaml"));
  CHECK(FileName("a.yaml") < FileName("b.yaml"));
  CHECK(FileName("b.yaml") > FileName("a.yaml"));
  CHECK(FileName().empty());
  CHECK(FileName("") == FileName());
  CHECK(routing + ":9" == "mesh/routing.yaml:9");
  CHECK("at " + routing == "at mesh/routing.yaml");
  std::unordered_set<FileName> files = {routing, FileName(spelled), "b.yaml"};
  CHECK(files.size() == 2);
}

TEST_CASE("file names: a location is small and prints as before") {
  const Location at{"deploy/cart.yaml", 12};
  CHECK(sizeof(Location) == 16);
  CHECK(at.ToString() == "deploy/cart.yaml:12");
  CHECK(at == Location{std::string("deploy/cart.yaml"), 12});
  CHECK(at < Location{"deploy/cart.yaml", 13});
  CHECK(Location{"a.yaml", 99} < at);
  CHECK(!Location{}.known());
}

}  // namespace
}  // namespace ampcheck
