#include "analyzer/extract/source/test_paths.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("test code is recognised by directory and file name") {
  CHECK(IsTestPath("orders/client_test.go"));
  CHECK(IsTestPath("src/test/java/com/x/PricingClientTest.java"));
  CHECK(IsTestPath("app/tests/helpers.py"));
  CHECK(IsTestPath("app/test_client.py"));
  CHECK(IsTestPath("web/src/__tests__/api.ts"));
  CHECK(IsTestPath("web/src/api.spec.ts"));
  CHECK(IsTestPath("web/src/api.test.js"));
  CHECK(IsTestPath("Orders.Tests/ClientTests.cs"));
  CHECK_FALSE(IsTestPath("orders/client.go"));
  CHECK_FALSE(IsTestPath("src/main/java/com/x/Testimonials.java"));
  CHECK_FALSE(IsTestPath("app/contest.py"));
  CHECK_FALSE(IsTestPath("fixtures/rules/go/go-retryablehttp.go"));
}

}  // namespace
}  // namespace ampcheck
