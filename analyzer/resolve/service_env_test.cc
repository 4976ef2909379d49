// Where a service's env comes from (compose, Dockerfile, Aspire, appsettings)
// and the calls it names, end to end through extraction and resolve.
#include "analyzer/resolve/service_env.h"

#include <doctest/doctest.h>

#include "analyzer/extract/app_config/app_config_extractor.h"
#include "analyzer/extract/aspire/aspire_app_host.h"
#include "analyzer/extract/compose/compose_extractor.h"
#include "analyzer/extract/compose/dockerfile_extractor.h"
#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/extract/proxies/nginx_extractor.h"
#include "analyzer/extract/source/build_marker_extractor.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

Model ResolveFiles(
    const std::vector<std::pair<std::string, std::string>>& files) {
  ExtractorSet set;
  set.Add(std::make_unique<KubernetesExtractor>());
  set.Add(std::make_unique<BuildMarkerExtractor>());
  set.Add(std::make_unique<ComposeExtractor>());
  set.Add(std::make_unique<DockerfileExtractor>());
  set.Add(std::make_unique<NginxExtractor>());
  set.Add(std::make_unique<AspireAppHostExtractor>());
  set.Add(std::make_unique<AppConfigExtractor>());
  std::vector<FileFacts> facts;
  for (const auto& [path, content] : files) {
    std::string name = path.substr(path.rfind('/') + 1);
    facts.push_back(set.ExtractFile({path, ClassifyFile(name), content}));
  }
  Policy policy;
  return Resolve(facts, policy, {});
}

// "from -> to" of every call, with its evidence.
std::vector<std::string> Calls(const Model& model) {
  std::vector<std::string> out;
  for (const Call& call : model.calls) {
    for (const Evidence& e : call.evidence) {
      out.push_back(model.services[call.from].name + " -> " +
                    model.services[call.to].name + " " + e.location.ToString() +
                    " " + e.detail);
    }
  }
  return out;
}

const Service& Named(const Model& model, const std::string& name) {
  for (const Service& s : model.services)
    if (s.name == name) return s;
  FAIL("no service " << name);
  return model.services.front();
}

}  // namespace

TEST_CASE(
    "env sources: compose environment over Dockerfile ENV, one list "
    "for calls and lookups") {
  Model model = ResolveFiles({
      {"docker-compose.yml", R"(services:
  web:
    build: web
    environment:
      USER_HOST: catalogue
  cart:
    build: cart
    environment:
      - CATALOGUE_URL=http://catalogue:8080
  catalogue:
    image: shop/catalogue
  user:
    image: shop/user
    depends_on: [cart]
)"},
      {"web/Dockerfile", "FROM nginx\nENV CART_HOST=cart USER_HOST=user\n"},
      {"web/default.conf.template", R"(server {
  location /cart/ { proxy_pass http://${CART_HOST}:8080/; }
  location /user/ { proxy_pass http://${USER_HOST}:8080/; }
}
)"},
  });
  CHECK(model.services.size() == 4);
  // The env names calls; nginx's ${VAR} hosts read the same env, so USER_HOST
  // is the compose value (catalogue), not the Dockerfile's (user).
  std::vector<std::string> calls = Calls(model);
  std::vector<std::string> expected = {
      "cart -> catalogue docker-compose.yml:9 env "
      "CATALOGUE_URL=http://catalogue:8080",
      "web -> cart web/Dockerfile:2 Dockerfile ENV CART_HOST=cart",
      "web -> cart web/default.conf.template:2 nginx proxy_pass "
      "http://${CART_HOST}:8080/, host from env CART_HOST",
      "web -> catalogue docker-compose.yml:5 env USER_HOST=catalogue",
      "web -> catalogue web/default.conf.template:3 nginx proxy_pass "
      "http://${USER_HOST}:8080/, host from env USER_HOST",
  };
  CHECK(calls == expected);
  for (const Service& s : model.services) {
    CHECK_FALSE(s.in_mesh);
    CHECK(s.kind == "compose service");
  }
  CHECK(Named(model, "web").membership ==
        "docker-compose service (docker-compose.yml:2): no sidecar, not in a "
        "mesh");
}

TEST_CASE(
    "env sources: a Kubernetes manifest of the same name wins over "
    "compose") {
  Model model = ResolveFiles({
      {"docker-compose.yml",
       "services:\n  cart:\n    environment:\n      USER_URL: http://user\n"
       "  user: {}\n"},
      {"k8s/cart.yaml", R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: cart}
spec:
  template:
    metadata: {labels: {app: cart}}
    spec:
      containers:
        - name: cart
          env:
            - {name: USER_URL, value: "http://user:8080"}
)"},
  });
  CHECK(Calls(model) ==
        std::vector<std::string>{
            "cart -> user k8s/cart.yaml:11 env USER_URL=http://user:8080"});
  CHECK(Named(model, "cart").kind == "Deployment");
  CHECK(Named(model, "user").kind == "compose service");
  bool noted = false;
  for (const Diagnostic& d : model.diagnostics) {
    noted = noted ||
            d.message ==
                "1 service (cart) also declared by Kubernetes manifests: the "
                "manifests are used, this file's definitions of them are not";
  }
  CHECK(noted);
}

TEST_CASE(
    "env sources: Aspire references and appsettings name calls, env "
    "first") {
  Model model = ResolveFiles({
      {"src/Shop.AppHost/Program.cs",
       R"(var builder = DistributedApplication.CreateBuilder(args);
var catalog = builder.AddProject<Projects.Catalog_API>("catalog-api");
var basket = builder.AddProject<Projects.Basket_API>("basket-api");
var db = builder.AddContainer("postgres", "ankane/pgvector");
builder.AddProject<Projects.WebApp>("webapp")
    .WithReference(basket);
)"},
      {"src/WebApp/WebApp.csproj", "<Project />"},
      {"src/WebApp/appsettings.json", R"({
  "Services": {
    "catalog-api": { "http": [ "http://catalog-api" ] },
    "basket-api": { "http": [ "http://catalog-api" ] }
  },
  "ConnectionStrings": { "catalogdb": "Host=postgres;Port=5432;Database=c" }
})"},
  });
  // The env Aspire sets for basket-api overrides appsettings' value of the
  // same key (line 4): only the AppHost's value names a call.
  CHECK(Calls(model) ==
        std::vector<std::string>{
            "webapp -> basket-api src/Shop.AppHost/Program.cs:6 AppHost env "
            "services__basket-api__http__0=http://basket-api",
            "webapp -> catalog-api src/WebApp/appsettings.json:3 "
            "appsettings.json Services:catalog-api:http:0=http://catalog-api",
            "webapp -> postgres src/WebApp/appsettings.json:6 appsettings.json "
            "ConnectionStrings:catalogdb=postgres"});
  CHECK(Named(model, "webapp").membership ==
        "Aspire AppHost resource (src/Shop.AppHost/Program.cs:5): no sidecar, "
        "not in a mesh");
}

TEST_CASE(
    "env sources: appsettings values under keys that only mention hosting "
    "name no call") {
  // The shape of a .NET service's appsettings.json in a public demo fleet:
  // "Information" and "Http2" were read as the hosts of two services.
  Model model = ResolveFiles({
      {"kubernetes-manifests/cartservice.yaml",
       "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: cartservice}\n"
       "spec:\n  template:\n    metadata: {labels: {app: cartservice}}\n"
       "    spec:\n      containers: [{name: server}]\n---\n"
       "apiVersion: v1\nkind: Service\nmetadata: {name: cartservice}\n"
       "spec: {selector: {app: cartservice}, ports: [{port: 7070}]}\n"},
      {"src/cartservice/cartservice.csproj", "<Project />"},
      {"src/cartservice/appsettings.json", R"({
  "Logging": {
    "LogLevel": {
      "Default": "Information",
      "Microsoft.Hosting.Lifetime": "Information"
    }
  },
  "AllowedHosts": "*",
  "Kestrel": {
    "EndpointDefaults": { "Protocols": "Http2" },
    "Endpoints": { "Grpc": { "Url": "http://catalog:7070" } }
  }
})"},
  });
  CHECK(Calls(model) ==
        std::vector<std::string>{
            "cartservice -> catalog src/cartservice/appsettings.json:11 "
            "appsettings.json Kestrel:Endpoints:Grpc:Url=http://catalog:7070"});
}

TEST_CASE("env sources: Spring Cloud Gateway routes and Feign client config") {
  Model model = ResolveFiles({
      {"docker-compose.yml",
       "services:\n  api-gateway: {build: ./api-gateway}\n"
       "  customers-service: {}\n  visits-service: {}\n"},
      {"api-gateway/pom.xml",
       "<project><artifactId>api-gateway</artifactId></project>"},
      {"api-gateway/src/main/resources/application.yml", R"(spring:
  cloud:
    gateway:
      routes:
        - id: customers
          uri: lb://customers-service
    openfeign:
      client:
        config:
          visits:
            url: http://visits-service:8082
)"},
  });
  CHECK(Calls(model) ==
        std::vector<std::string>{
            "api-gateway -> customers-service "
            "api-gateway/src/main/resources/application.yml:6 Spring Cloud "
            "Gateway route 0: spring.cloud.gateway.routes[0].uri="
            "lb://customers-service",
            "api-gateway -> visits-service "
            "api-gateway/src/main/resources/application.yml:11 OpenFeign "
            "client visits: spring.cloud.openfeign.client.config.visits.url="
            "http://visits-service:8082"});
}

TEST_CASE("env sources: .NET config keys and env names") {
  CHECK(DotnetConfigKey("Services__basket-api__http__0") ==
        "services:basket-api:http:0");
  CHECK(DotnetConfigKey("ConnectionStrings:Redis") ==
        "connectionstrings:redis");
}

}  // namespace ampcheck
