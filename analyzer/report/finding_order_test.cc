#include "analyzer/report/finding_order.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

Finding Make(Severity severity, Tries tries, const std::string& identity) {
  Finding f;
  f.check = "c";
  f.severity = severity;
  f.tries = tries;
  f.bounded = tries.unbounded() ? 1e300 : static_cast<double>(tries.count());
  f.identity = identity;
  f.message = identity;
  return f;
}

TEST_CASE("order: severity, then tries (unbounded first), then identity") {
  std::vector<Finding> findings = {
      Make(Severity::kNote, Tries::Of(100), "n"),
      Make(Severity::kError, Tries::Of(9), "e9b"),
      Make(Severity::kWarning, Tries::Of(27), "w27"),
      Make(Severity::kError, Tries::Unbounded(), "eu"),
      Make(Severity::kError, Tries::Of(9), "e9a"),
      Make(Severity::kError, Tries::Of(81), "e81"),
  };
  std::vector<std::string> order;
  for (const Finding* f : WorstFirst(findings)) order.push_back(f->identity);
  CHECK(order ==
        std::vector<std::string>{"eu", "e81", "e9a", "e9b", "w27", "n"});
  // Warnings and worse only: the same order, the note left out.
  order.clear();
  for (const Finding* f : WorstFirst(findings, Severity::kWarning))
    order.push_back(f->identity);
  CHECK(order == std::vector<std::string>{"eu", "e81", "e9a", "e9b", "w27"});
}

TEST_CASE("order: the same tries, the lower bounded product after") {
  Finding a = Make(Severity::kError, Tries::Of(9), "a");
  Finding b = Make(Severity::kError, Tries::Of(9), "b");
  a.bounded = 4;
  CHECK(WorseFirst(b, a));
  CHECK_FALSE(WorseFirst(a, b));
  CHECK_FALSE(WorseFirst(a, a));
}

}  // namespace
}  // namespace ampcheck
