#include "analyzer/extract/rules_version.h"

#include <doctest/doctest.h>

#include "analyzer/facts/content_hash.h"

namespace ampcheck {
namespace {

TEST_CASE("Rules version: the count and digest of the rule files") {
  MemoryFileSystem fs;
  fs.AddFile("/rules/schema.yaml", "s");
  fs.AddFile("/rules/go/a.yaml", "a");
  fs.AddFile("/rules/go/README.md", "not a rule");
  RulesVersion version = ComputeRulesVersion(fs, "/rules");
  CHECK(version.files == 2);
  // Path order: go/a.yaml before schema.yaml.
  CHECK(version.sha256 ==
        Sha256Hex(std::string("go/a.yaml\0a\0schema.yaml\0s\0", 26)));
  CHECK(DescribeRulesVersion(version) ==
        "2 files, sha256 " + version.sha256.substr(0, 12));
  fs.AddFile("/rules/go/a.yaml", "changed");
  CHECK(ComputeRulesVersion(fs, "/rules").sha256 != version.sha256);
  CHECK(DescribeRulesVersion(ComputeRulesVersion(fs, "/missing")) ==
        "unreadable");
}

}  // namespace
}  // namespace ampcheck
