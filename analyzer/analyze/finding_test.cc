#include "analyzer/analyze/finding.h"

#include <doctest/doctest.h>

#include <utility>

namespace ampcheck {
namespace {

TEST_CASE("candidates: a core left to its check, or the finding written") {
  Candidate left;
  left.check = "missing-timeout";
  left.location = {"deploy/cart.yaml", 7};
  left.pending_calls = {3};
  left.tries = Tries::Of(3);
  CHECK(&left.core() == static_cast<FindingCore*>(&left));
  Finding& written = left.Written();
  // The core moved into the finding, which is now what the candidate is.
  CHECK(&left.core() == static_cast<FindingCore*>(&written));
  CHECK(written.check == "missing-timeout");
  CHECK(written.location == Location{"deploy/cart.yaml", 7});
  CHECK(written.pending_calls == std::vector<int>{3});
  CHECK(written.tries == Tries::Of(3));
  CHECK(written.message.empty());
  CHECK(&left.Written() == &written);  // made once

  Finding f;
  f.check = "retry-cycle";
  f.message = "a -> b -> a: retries in a cycle";
  Candidate wrote(std::move(f));
  CHECK(wrote.core().check == "retry-cycle");
  CHECK(wrote.check.empty());  // its own core is unused
  const Finding taken = std::move(wrote).Take();
  CHECK(taken.message == "a -> b -> a: retries in a cycle");

  Candidate core_only;
  core_only.check = "implicit-mesh-retry";
  core_only.pending_calls = {1};
  const Finding made = std::move(core_only).Take();
  CHECK(made.check == "implicit-mesh-retry");
  CHECK(made.pending_calls == std::vector<int>{1});
}

}  // namespace
}  // namespace ampcheck
