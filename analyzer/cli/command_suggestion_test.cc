#include "analyzer/cli/command_suggestion.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("EditDistance counts a swap of adjacent characters as one edit") {
  CHECK(EditDistance("scan", "scan") == 0);
  CHECK(EditDistance("scna", "scan") == 1);
  CHECK(EditDistance("sacn", "scan") == 1);
  CHECK(EditDistance("scn", "scan") == 1);
  CHECK(EditDistance("scans", "scan") == 1);
  CHECK(EditDistance("dif", "diff") == 1);
  CHECK(EditDistance("", "diff") == 4);
  CHECK(EditDistance("audit", "diff") == 4);
}

TEST_CASE("ClosestName suggests within two edits, and nothing further") {
  std::vector<std::string> commands = {"scan",   "diff",    "baseline",
                                       "audit",  "extract", "analyze",
                                       "checks", "explain", "help"};
  CHECK(ClosestName("scna", commands) == "scan");
  CHECK(ClosestName("dif", commands) == "diff");
  CHECK(ClosestName("baselin", commands) == "baseline");
  CHECK(ClosestName("exlpain", commands) == "explain");
  CHECK(ClosestName("check", commands) == "checks");
  CHECK(ClosestName("deploy", commands) == "");
  CHECK(ClosestName("x", commands) == "");
}

}  // namespace
}  // namespace ampcheck
