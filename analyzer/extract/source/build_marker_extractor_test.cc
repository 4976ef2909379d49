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

namespace ampcheck {
namespace {

TEST_CASE("go.mod: the grpc-go release required, with its line") {
  int line = 0;
  CHECK(GrpcGoRequirement("module x\n\nrequire (\n\tgithub.com/a/b v1.0.0\n"
                          "\tgoogle.golang.org/grpc v1.33.0 // indirect\n)\n",
                          &line) == "v1.33.0");
  CHECK(line == 5);
  CHECK(GrpcGoRequirement("module x\nrequire google.golang.org/grpc v1.50.1\n",
                          &line) == "v1.50.1");
  CHECK(line == 2);
  // Not a requirement: a replace, another module with the same prefix.
  line = 0;
  CHECK(GrpcGoRequirement("replace google.golang.org/grpc => ../grpc\n"
                          "require google.golang.org/grpc/examples v0.1.0\n",
                          &line)
            .empty());
  CHECK(line == 0);
}

}  // namespace
}  // namespace ampcheck
