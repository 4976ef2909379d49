#include "analyzer/extract/app_config/app_config.h"

#include <doctest/doctest.h>

#include "analyzer/extract/app_config/app_config_layers.h"

namespace ampcheck {
namespace {

TEST_CASE("application config files are recognized by name") {
  CHECK(AppConfigKind("svc/src/main/resources/application.yml") ==
        "spring-config");
  CHECK(AppConfigKind("application-prod.properties") == "spring-config");
  CHECK(AppConfigKind("bootstrap.yaml") == "spring-config");
  CHECK(AppConfigKind("META-INF/microprofile-config.properties") ==
        "microprofile-config");
  CHECK(AppConfigKind("deploy/values.yaml") == "");
  CHECK(ProfileOfFile("config/application-prod.yml") == "prod");
  CHECK(ProfileOfFile("application.yml") == "");
}

TEST_CASE(".NET appsettings: keys joined with ':', arrays indexed") {
  CHECK(AppConfigKind("src/Basket.API/appsettings.json") == "dotnet-config");
  CHECK(AppConfigKind("appsettings.Development.json") == "dotnet-config");
  CHECK(AppConfigKind("src/Basket.API/launchSettings.json") == "");
  CHECK(ProfileOfFile("appsettings.Development.json") == "Development");
  std::vector<Diagnostic> diagnostics;
  auto properties = ParseAppConfig("appsettings.json", R"({
  "ConnectionStrings": { "redis": "redis:6379" },
  "Services": {
    "catalog-api": { "http": [ "http://catalog-api:8080" ] }
  },
  "Retries": 3
})",
                                   &diagnostics);
  CHECK(diagnostics.empty());
  REQUIRE(properties.size() == 3);
  CHECK(properties[0].key == "ConnectionStrings:redis");
  CHECK(properties[0].value == "redis:6379");
  CHECK(properties[1].key == "Services:catalog-api:http:0");
  CHECK(properties[1].location.ToString() == "appsettings.json:4");
  CHECK(properties[2].key == "Retries");
  CHECK(ParseAppConfig("appsettings.Test.json", "{\"a\": 1}", &diagnostics)
            .empty());
}

TEST_CASE(".properties: separators, comments and continuations") {
  std::vector<Diagnostic> diagnostics;
  auto properties = ParseAppConfig("application.properties",
                                   "# comment\n"
                                   "a.b=1\n"
                                   "! also a comment\n"
                                   "c.d: two words\n"
                                   "e.f  3\n"
                                   "g.h=x,\\\n"
                                   "    y\n",
                                   &diagnostics);
  REQUIRE(properties.size() == 4);
  CHECK(properties[0].key == "a.b");
  CHECK(properties[0].value == "1");
  CHECK(properties[0].location.ToString() == "application.properties:2");
  CHECK(properties[1].value == "two words");
  CHECK(properties[2].key == "e.f");
  CHECK(properties[2].value == "3");
  CHECK(properties[3].value == "x,y");
  CHECK(properties[3].location.line == 6);
}

TEST_CASE("YAML is flattened with the line of each value") {
  std::vector<Diagnostic> diagnostics;
  auto properties = ParseAppConfig("application.yml",
                                   "pricing:\n"
                                   "  base-url: http://pricing\n"
                                   "  hosts: [a, b]\n"
                                   "---\n"
                                   "spring.config.activate.on-profile: test\n"
                                   "pricing.base-url: http://fake\n",
                                   &diagnostics);
  CHECK(diagnostics.empty());
  REQUIRE(properties.size() == 3);
  CHECK(properties[0].key == "pricing.base-url");
  CHECK(properties[0].location.line == 2);
  CHECK(properties[2].key == "pricing.hosts[1]");
  CHECK(properties[2].value == "b");
}

TEST_CASE("malformed YAML is a diagnostic with its line") {
  std::vector<Diagnostic> diagnostics;
  ParseAppConfig("application.yml", "a:\n  b: [1, 2\n", &diagnostics);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.file == "application.yml");
  CHECK(diagnostics[0].message.find("malformed YAML") == 0);
}

TEST_CASE("relaxed binding: one canonical key") {
  CHECK(CanonicalPropertyKey("resilience4j.retry.instances.x.max-attempts") ==
        CanonicalPropertyKey("resilience4j.retry.instances.x.maxAttempts"));
  CHECK(CanonicalPropertyKey(
            "spring.rabbitmq.listener.simple.retry.MAX_ATTEMPTS") ==
        "spring.rabbitmq.listener.simple.retry.maxattempts");
}

TEST_CASE("Resilience4j instance layers carry their property and evidence") {
  std::vector<Diagnostic> diagnostics;
  auto properties =
      ParseAppConfig("application.yml",
                     "resilience4j.retry:\n"
                     "  configs.default.maxAttempts: 4\n"
                     "  instances:\n"
                     "    pricing: {maxAttempts: 5, waitDuration: 2s}\n"
                     "    stock: {waitDuration: 1s}\n",
                     &diagnostics);
  auto layers = LayersFromProperties(properties);
  REQUIRE(layers.size() == 2);
  CHECK(layers[0].layer.tries == Tries::Of(5));
  CHECK(layers[0].layer.detail ==
        "resilience4j.retry.instances.pricing.maxAttempts = 5 (tries)");
  CHECK(layers[0].layer.backoff.base == 2000);
  CHECK(layers[0].tries_property ==
        "resilience4j.retry.instances.pricing.maxAttempts");
  CHECK(layers[1].layer.tries == Tries::Of(4));
  CHECK(layers[1].layer.detail ==
        "resilience4j.retry.configs.default.maxAttempts = 4 (tries) at "
        "application.yml:2, inherited by instance stock");
  CHECK(layers[1].layer.location.ToString() == "application.yml:5");
}

TEST_CASE("RabbitMQ: Boot 4 max-retries counts retries, retry off requeues") {
  std::vector<Diagnostic> diagnostics;
  auto boot4 = LayersFromProperties(
      ParseAppConfig("application.properties",
                     "spring.rabbitmq.listener.simple.retry.enabled=true\n"
                     "spring.rabbitmq.listener.simple.retry.max-retries=2\n",
                     &diagnostics));
  REQUIRE(boot4.size() == 1);
  CHECK(boot4[0].layer.tries == Tries::Of(3));
  CHECK(boot4[0].layer.kind == LayerKind::kConsumer);
  CHECK(boot4[0].layer.detail ==
        "spring.rabbitmq.listener.simple.retry.max-retries = 2 (retries) = 3 "
        "tries");
  auto requeue = LayersFromProperties(ParseAppConfig(
      "application.properties",
      "spring.rabbitmq.listener.simple.concurrency=4\n", &diagnostics));
  REQUIRE(requeue.size() == 1);
  CHECK(requeue[0].layer.tries == Tries::Unbounded());
  CHECK(requeue[0].layer.provenance == Provenance::kLibraryDefault);
}

}  // namespace
}  // namespace ampcheck
