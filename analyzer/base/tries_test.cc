#include "analyzer/base/tries.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("tries multiply along layers and saturate") {
  CHECK((Tries::Of(3) * Tries::FromRetries(2)).ToString() == "9");
  CHECK((Tries::Of(3) * Tries::Unbounded()).ToString() == "unbounded");
  Tries big = Tries::Of(1000000000);
  CHECK((big * big * big).ToString() == ">=1e18");
  CHECK(Tries::Of(0).count() == 1);
  CHECK(Tries::Of(2) < Tries::Unbounded());
  CHECK_FALSE(Tries::Unbounded() < Tries::Of(5));
  CHECK_FALSE(Tries::Of(1).retries());
  CHECK(Tries::Of(2).retries());
}

}  // namespace ampcheck
