#include "analyzer/extract/rules_directory.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE(
    "the rules are looked for next to the binary, or where the "
    "environment says") {
  CHECK(RulesDirectoryCandidates("/opt/ampcheck/bin/ampcheck", "") ==
        std::vector<std::string>{"/opt/ampcheck/share/ampcheck/rules",
                                 "/opt/ampcheck/rules"});
  CHECK(RulesDirectoryCandidates("/src/ampcheck/build/ampcheck", "") ==
        std::vector<std::string>{"/src/ampcheck/share/ampcheck/rules",
                                 "/src/ampcheck/rules"});
  CHECK(RulesDirectoryCandidates("/bin/ampcheck", "") ==
        std::vector<std::string>{"/share/ampcheck/rules", "/rules"});
  CHECK(RulesDirectoryCandidates("/opt/x/bin/ampcheck", "/etc/rules") ==
        std::vector<std::string>{"/etc/rules"});
  CHECK(RulesDirectoryCandidates("", "").empty());
}

TEST_CASE("the first candidate holding schema.yaml is the rules directory") {
  MemoryFileSystem fs;
  fs.AddFile("/opt/x/rules/schema.yaml", "fields: {}");
  fs.AddFile("/opt/x/share/ampcheck/rules/go/retry.yaml", "id: x");
  CHECK(FindRulesDirectory(fs, {"/opt/x/share/ampcheck/rules",
                                "/opt/x/rules"}) == "/opt/x/rules");
  fs.AddFile("/opt/x/share/ampcheck/rules/schema.yaml", "fields: {}");
  CHECK(
      FindRulesDirectory(fs, {"/opt/x/share/ampcheck/rules", "/opt/x/rules"}) ==
      "/opt/x/share/ampcheck/rules");
  CHECK(FindRulesDirectory(fs, {"/nowhere"}) == "");
}

}  // namespace
}  // namespace ampcheck
