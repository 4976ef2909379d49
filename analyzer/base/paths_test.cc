#include "analyzer/base/paths.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("paths: base name, parent and join") {
  CHECK(BaseName("repos/checkout/") == "checkout");
  CHECK(BaseName("client.go") == "client.go");
  CHECK(BaseName("/srv/fleet") == "fleet");
  CHECK(ParentPath("repos/checkout/client.go") == "repos/checkout");
  CHECK(ParentPath("client.go") == "");
  CHECK(JoinPath("repos", "a.yaml") == "repos/a.yaml");
  CHECK(JoinPath("repos/", "a.yaml") == "repos/a.yaml");
  CHECK(JoinPath("", "a.yaml") == "a.yaml");
  CHECK(JoinPath("repos", "/etc/rules") == "/etc/rules");
}

}  // namespace
}  // namespace ampcheck
