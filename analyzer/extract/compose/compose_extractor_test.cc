#include "analyzer/extract/compose/compose_extractor.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

FileFacts Extract(const std::string& path, const std::string& content) {
  FileFacts facts;
  ComposeExtractor extractor;
  SourceFile file{path, "yaml", content};
  if (extractor.Accepts(file)) extractor.Extract(file, &facts);
  return facts;
}

}  // namespace

TEST_CASE("compose: which files are docker-compose files") {
  CHECK(IsComposeFile("docker-compose.yml"));
  CHECK(IsComposeFile("deploy/docker-compose-with-jaeger.yml"));
  CHECK(IsComposeFile("compose.yaml"));
  CHECK(IsComposeFile("src/app/compose.override.yaml"));
  CHECK_FALSE(IsComposeFile("k8s/composer-deployment.yaml"));
  CHECK_FALSE(IsComposeFile("docker-compose.json"));
}

TEST_CASE("compose: services with environment in map and list form") {
  FileFacts facts = Extract("docker-compose.yml", R"(services:
  web:
    build:
      context: ./web-ui
    image: shop/web:1.0
    depends_on: [cart]
    environment:
      CART_URL: http://cart:8080
      EMPTY:
  orders:
    build: orders
    environment:
      - CART_HOST=${CART_HOST:-cart}
      - PASSED_THROUGH
  cart:
    image: shop/cart
)");
  REQUIRE(facts.workloads.size() == 3);
  CHECK(facts.kind == "docker-compose");
  const WorkloadFact& web = facts.workloads[0];
  CHECK(web.kind == kComposeServiceKind);
  CHECK(web.name == "web");
  CHECK(web.location == Location{"docker-compose.yml", 2});
  CHECK(web.images == std::vector<std::string>{"shop/web:1.0", "web-ui"});
  REQUIRE(web.env.size() == 2);
  CHECK(web.env[0].name == "CART_URL");
  CHECK(web.env[0].value == std::string("http://cart:8080"));
  CHECK(web.env[0].location.line == 8);
  CHECK_FALSE(web.env[1].value.has_value());
  const WorkloadFact& orders = facts.workloads[1];
  CHECK(orders.images == std::vector<std::string>{"orders"});
  REQUIRE(orders.env.size() == 2);
  // The default of a compose interpolation is what runs without a shell env.
  CHECK(orders.env[0].value == std::string("cart"));
  CHECK(orders.env[0].location.line == 13);
  CHECK_FALSE(orders.env[1].value.has_value());
  // depends_on is start order: nothing in the facts says "call".
  CHECK(facts.call_sites.empty());
  CHECK(facts.diagnostics.empty());
}

TEST_CASE("compose: env_file is not read, and says so") {
  FileFacts facts = Extract("docker-compose.yml", R"(services:
  cart:
    env_file: cart.env
    environment: 42
)");
  REQUIRE(facts.diagnostics.size() == 2);
  CHECK(facts.diagnostics[0].message ==
        "service cart: environment is neither a map nor a list; ignored");
  CHECK(facts.diagnostics[1].message ==
        "service cart: env_file is not read; its variables are not in the "
        "service's env (write them under environment: to have them analyzed)");
  CHECK(facts.diagnostics[1].location == Location{"docker-compose.yml", 3});
  CHECK(facts.diagnostics[1].severity == Severity::kNote);
}

TEST_CASE(
    "compose: a YAML file without services is not a compose file's "
    "content") {
  FileFacts facts = Extract("compose.yaml", "name: demo\n");
  CHECK(facts.workloads.empty());
  CHECK(facts.skipped_documents == 1);
  CHECK(Extract("deployment.yaml", "services:\n  a: {}\n").workloads.empty());
}

}  // namespace ampcheck
