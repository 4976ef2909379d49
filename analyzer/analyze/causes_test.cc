#include "analyzer/analyze/causes.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

Finding Made(const std::string& check, const std::string& cause,
             std::vector<std::string> path, long long tries, int line) {
  Finding f;
  f.check = check;
  f.cause = cause;
  f.path = std::move(path);
  f.tries = Tries::Of(tries);
  f.bounded = static_cast<double>(tries);
  f.location = {"policy.yaml", line};
  f.message = f.path.front() + "->" + f.path.back() + ": " +
              std::to_string(tries) + " tries";
  f.identity = check + "|" + f.path.front() + "->" + f.path.back();
  f.unit = "path";
  return f;
}

TEST_CASE("causes: one finding per cause, the worst leads, all listed") {
  std::vector<Finding> in;
  in.push_back(
      Made("retry-amplification", "layer|wrapper|shop/a", {"a", "b"}, 12, 3));
  in.push_back(
      Made("retry-amplification", "layer|wrapper|shop/a", {"a", "c"}, 27, 9));
  in.push_back(
      Made("retry-amplification", "layer|other|shop/d", {"d", "b"}, 16, 4));
  in.push_back(
      Made("missing-timeout", "layer|wrapper|shop/a", {"a", "b"}, 12, 3));
  std::vector<Finding> out = GroupByCause(std::move(in));
  REQUIRE(out.size() == 3);
  const Finding& lead = out[0];
  CHECK(lead.location.line == 9);
  CHECK(lead.message == "a->c: 27 tries; and 1 more path from the same cause");
  CHECK(lead.identity == "retry-amplification|cause|layer|wrapper|shop/a");
  REQUIRE(lead.affected.size() == 2);
  CHECK(lead.affected[0].identity == "retry-amplification|a->c");
  CHECK(lead.affected[1].identity == "retry-amplification|a->b");
  CHECK(lead.affected[1].message == "a->b: 12 tries");
  // Alone under its cause: its own message, the cause's identity.
  CHECK(out[1].message == "d->b: 16 tries");
  CHECK(out[1].identity == "retry-amplification|cause|layer|other|shop/d");
  CHECK(out[1].affected.size() == 1);
  // Another check with the same cause text is another cause.
  CHECK(out[2].check == "missing-timeout");
  CHECK(Identities(lead) ==
        std::vector<std::string>{
            "retry-amplification|cause|layer|wrapper|shop/a",
            "retry-amplification|a->c", "retry-amplification|a->b"});
}

TEST_CASE("causes: no cause, no grouping") {
  std::vector<Finding> in;
  in.push_back(Made("retry-cycle", "", {"a", "b"}, 3, 1));
  in.push_back(Made("retry-cycle", "", {"b", "a"}, 3, 2));
  std::vector<Finding> out = GroupByCause(std::move(in));
  REQUIRE(out.size() == 2);
  CHECK(out[0].affected.empty());
  CHECK(out[0].identity == "retry-cycle|a->b");
}

TEST_CASE("causes: over the limit and undocumented on one path is one") {
  std::vector<Finding> in;
  in.push_back(Made("retry-amplification", "x", {"a", "b", "c"}, 27, 3));
  Finding undocumented =
      Made("undocumented-amplification", "x", {"a", "b", "c"}, 27, 3);
  undocumented.message =
      "path a -> b -> c: 27 tries per request from 3 retrying layers (3 mesh "
      "x 3 client x 3 mesh); nothing declares the owner and maximum";
  in.push_back(undocumented);
  // Another path, under the limit: stays a finding of its own.
  in.push_back(Made("undocumented-amplification", "x", {"a", "b"}, 9, 3));
  FoldUndocumentedIntoAmplification(&in);
  REQUIRE(in.size() == 2);
  CHECK(in[0].message ==
        "a->c: 27 tries; 3 retrying layers (3 mesh x 3 client x 3 mesh); "
        "nothing declares the owner and maximum");
  CHECK(in[0].folded_checks ==
        std::vector<std::string>{"undocumented-amplification"});
  CHECK(in[1].check == "undocumented-amplification");
  CHECK(in[1].path == std::vector<std::string>{"a", "b"});
}

}  // namespace
}  // namespace ampcheck
