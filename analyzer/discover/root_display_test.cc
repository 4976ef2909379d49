#include "analyzer/discover/root_display.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("an input's files print under the path as typed") {
  CHECK(DisplayPrefix(".", "/w") == "");
  CHECK(DisplayPrefix("./", "/w") == "");
  CHECK(DisplayPrefix("fixtures/fleet/", "/w") == "fixtures/fleet");
  CHECK(DisplayPrefix("./fixtures//fleet", "/w") == "fixtures/fleet");
  CHECK(DisplayPrefix("../b", "/w") == "../b");
  CHECK(DisplayPrefix("a/../b", "/w") == "b");
}

TEST_CASE("an absolute input prints relative to the working directory") {
  CHECK(DisplayPrefix("/w/fixtures/fleet", "/w") == "fixtures/fleet");
  CHECK(DisplayPrefix("/w/", "/w") == "");
  CHECK(DisplayPrefix("/wx/fleet", "/w") == "/wx/fleet");
  CHECK(DisplayPrefix("/srv/repos/a", "/w") == "/srv/repos/a");
  CHECK(DisplayPrefix("/srv/repos/a", "") == "/srv/repos/a");
}

}  // namespace ampcheck
