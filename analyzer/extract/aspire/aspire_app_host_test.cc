#include "analyzer/extract/aspire/aspire_app_host.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("Aspire: projects are workloads, WithReference gives their env") {
  FileFacts facts;
  ExtractAspireAppHost(
      "src/Shop.AppHost/Program.cs",
      R"(var builder = DistributedApplication.CreateBuilder(args);
var redis = builder.AddRedis("redis");
var identityApi = builder.AddProject<Projects.Identity_API>("identity-api");
var identityEndpoint = identityApi.GetEndpoint("https");
var basketApi = builder.AddProject<Projects.Basket_API>("basket-api")
    .WithReference(redis)
    .WithEnvironment("Identity__Url", identityEndpoint);
// builder.AddProject<Projects.Old>("old").WithReference(basketApi);
builder.AddProject<Projects.WebApp>("webapp")
    .WithReference(basketApi)
    .WithEnvironment("CallBackUrl", basketApi.GetEndpoint("http"))
    .WithEnvironment("BasketApiClient", basketApi.GetEndpoint("http"));
builder.Build().Run();
)",
      &facts);
  REQUIRE(facts.workloads.size() == 3);
  const WorkloadFact& identity = facts.workloads[0];
  CHECK(identity.kind == kAspireResourceKind);
  CHECK(identity.name == "identity-api");
  CHECK(identity.images == std::vector<std::string>{"Identity.API"});
  CHECK(identity.location == Location{"src/Shop.AppHost/Program.cs", 3});
  CHECK(identity.env.empty());
  const WorkloadFact& basket = facts.workloads[1];
  // WithReference(redis) is a backing resource: no service, no env.
  REQUIRE(basket.env.size() == 1);
  CHECK(basket.env[0].name == "Identity__Url");
  CHECK(basket.env[0].value == std::string("http://identity-api"));
  CHECK(basket.env[0].location.line == 7);
  const WorkloadFact& web = facts.workloads[2];
  CHECK(web.name == "webapp");
  // BasketApiClient is not an address the code calls (an OAuth client id).
  REQUIRE(web.env.size() == 2);
  CHECK(web.env[0].name == "services__basket-api__http__0");
  CHECK(web.env[0].value == std::string("http://basket-api"));
  CHECK(web.env[0].location.line == 10);
  CHECK(web.env[1].name == "CallBackUrl");
  CHECK(web.env[1].location.line == 11);
}

TEST_CASE("Aspire: only AppHost files are read") {
  AspireAppHostExtractor extractor;
  CHECK(extractor.Accepts(
      {"AppHost/Program.cs", "csharp",
       "var b = DistributedApplication.CreateBuilder(args);"}));
  CHECK_FALSE(extractor.Accepts(
      {"Api/Program.cs", "csharp", "var b = WebApplication.CreateBuilder();"}));
}

}  // namespace ampcheck
