#include "analyzer/extract/source/project_references.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

using Refs = std::vector<std::string>;

TEST_CASE("project references: csproj ProjectReference resolved in the tree") {
  const char* csproj = R"(<Project Sdk="Microsoft.NET.Sdk.Web">
  <ItemGroup>
    <PackageReference Include="Grpc.AspNetCore" />
    <ProjectReference Include="..\Shop.Defaults\Shop.Defaults.csproj" />
    <ProjectReference Include="..\..\..\outside\Other.csproj" />
  </ItemGroup>
</Project>)";
  CHECK(ProjectReferences("Basket.csproj", csproj, "src/Basket") ==
        Refs{"dir:src/Shop.Defaults"});
}

TEST_CASE("project references: maven dependencies and npm dependencies") {
  const char* pom = R"(<project>
  <parent><artifactId>shop-parent</artifactId></parent>
  <artifactId>orders</artifactId>
  <dependencies>
    <dependency><groupId>com.shop</groupId><artifactId>shop-common</artifactId></dependency>
    <dependency>
      <groupId>org.springframework.retry</groupId>
      <artifactId>spring-retry</artifactId>
    </dependency>
  </dependencies>
</project>)";
  CHECK(ProjectReferences("pom.xml", pom, "orders") ==
        Refs{"artifact:shop-common", "artifact:spring-retry"});
  const char* package = R"({"name": "web", "dependencies": {
    "@shop/http": "workspace:*", "axios": "^1.7.0"}, "devDependencies": {"jest": "1"}})";
  CHECK(ProjectReferences("package.json", package, "web") ==
        Refs{"package:@shop/http", "package:axios"});
}

TEST_CASE("project references: unclosed or absent markup gives none") {
  CHECK(ProjectReferences("pom.xml", "<dependency><artifactId>x", "").empty());
  CHECK(ProjectReferences("package.json", "{\"dependencies\": {\"a\"", "")
            .empty());
  CHECK(ProjectReferences("go.mod", "module x\nrequire y v1\n", "").empty());
}

}  // namespace
}  // namespace ampcheck
