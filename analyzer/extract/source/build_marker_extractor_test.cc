#include "analyzer/extract/source/build_marker_extractor.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("build markers name their module by its last segment") {
  CHECK(
      ModuleName("go.mod",
                 "// comment\nmodule github.com/shop/orders/v2\n\ngo 1.22\n") ==
      "orders");
  CHECK(ModuleName("package.json",
                   R"({"name": "@shop/checkout", "version": "1.0.0"})") ==
        "checkout");
  CHECK(ModuleName(
            "pom.xml",
            "<project><parent><artifactId>platform-parent</artifactId></parent>"
            "<artifactId>billing</artifactId></project>") == "billing");
  CHECK(ModuleName("pyproject.toml", "[project]\nname = \"pricing\"\n") ==
        "pricing");
  CHECK(ModuleName("setup.py", "setup(name='reports', version='1')") ==
        "reports");
  CHECK(ModuleName("Inventory.Api.csproj", "<Project/>") == "Inventory.Api");
  CHECK(ModuleName("Dockerfile", "FROM debian") == "");
}

TEST_CASE("a marker fact carries its directory") {
  BuildMarkerExtractor extractor;
  FileFacts facts;
  extractor.Extract(
      {"services/orders/go.mod", "marker", "module example.com/orders\n"},
      &facts);
  REQUIRE(facts.build_markers.size() == 1);
  CHECK(facts.build_markers[0].directory == "services/orders");
  CHECK(facts.build_markers[0].marker == "go.mod");
  CHECK(facts.build_markers[0].name == "orders");
}

}  // namespace ampcheck
