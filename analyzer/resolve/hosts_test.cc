#include "analyzer/resolve/hosts.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("host references: schemes, ports, paths, credentials") {
  auto ref = ParseHostReference(
      "http://orders.shop.svc.cluster.local:8080/v1?x=1", true);
  REQUIRE(ref);
  CHECK(ref->host == "orders.shop.svc.cluster.local");
  CHECK(ref->port == 8080);
  CHECK(ParseHostReference("grpc://payments", true)->host == "payments");
  CHECK(ParseHostReference("amqp://user:pw@rabbit:5672", true)->host ==
        "rabbit");
  CHECK(ParseHostReference("orders:8080", true)->port == 8080);
  CHECK(ParseHostReference("orders.shop", true)->host == "orders.shop");
  // A bare word is a host only where the variable says so.
  CHECK_FALSE(ParseHostReference("orders", true).has_value());
  CHECK(ParseHostReference("orders", false)->host == "orders");
  // Not hosts: versions, IPs, sentences, booleans with ports gone wrong.
  CHECK_FALSE(ParseHostReference("1.2.3", true).has_value());
  CHECK_FALSE(ParseHostReference("10.0.0.1:80", true).has_value());
  CHECK_FALSE(ParseHostReference("hello world", true).has_value());
  CHECK_FALSE(ParseHostReference("a:b", true).has_value());
}

TEST_CASE("host references: gRPC targets and .NET service discovery names") {
  auto dns = ParseHostReference("dns:///pricing:50051", true);
  REQUIRE(dns);
  CHECK(dns->host == "pricing");
  CHECK(dns->port == 50051);
  // The authority of a dns target is the DNS server, not the callee.
  CHECK(ParseHostReference("dns://8.8.8.8/pricing.shop:50051", true)->host ==
        "pricing.shop");
  CHECK(ParseHostReference("passthrough:///cart:7070", true)->host == "cart");
  CHECK(ParseHostReference("xds:///stock", true)->host == "stock");
  CHECK_FALSE(ParseHostReference("dns:///", true).has_value());
  auto discovery = ParseHostReference("https+http://catalog-api", true);
  REQUIRE(discovery);
  CHECK(discovery->host == "catalog-api");
  CHECK(ParseHostReference("http+https://basket-api/v1", true)->host ==
        "basket-api");
}

TEST_CASE("Kubernetes DNS forms name a service and maybe its namespace") {
  CHECK(ParseServiceHost("orders")->ns == "");
  CHECK(ParseServiceHost("orders.shop")->ns == "shop");
  CHECK(ParseServiceHost("orders.shop.svc")->name == "orders");
  CHECK(ParseServiceHost("orders.shop.svc.cluster.local")->ns == "shop");
  CHECK(ParseServiceHost("orders.shop.svc.corp.example")->ns == "shop");
  CHECK_FALSE(ParseServiceHost("api.stripe.com").has_value());
}

TEST_CASE("URLs inside free text, and variables that hold hosts") {
  auto refs =
      FindUrls("upstream: \"http://a.shop:80\", fallback=https://b/x, 'c'");
  REQUIRE(refs.size() == 2);
  CHECK(refs[0].host == "a.shop");
  CHECK(refs[1].host == "b");
  CHECK(NamesAHost("PRICING_URL"));
  CHECK(NamesAHost("inventory_host"));
  CHECK(NamesAHost("KAFKA_BOOTSTRAP_SERVERS"));
  CHECK_FALSE(NamesAHost("SERVICE_NAME"));
  CHECK_FALSE(NamesAHost("LOG_LEVEL"));
}

TEST_CASE("a .NET configuration key names a host by its last segment's words") {
  CHECK(ConfigKeyNamesAHost("Kestrel:Endpoints:Http:Url"));
  CHECK(ConfigKeyNamesAHost("CatalogUrl"));
  CHECK(ConfigKeyNamesAHost("Api:BaseAddress"));
  CHECK(ConfigKeyNamesAHost("Redis__Host"));
  CHECK(ConfigKeyNamesAHost("Services:basket:grpc_endpoint"));
  CHECK_FALSE(
      ConfigKeyNamesAHost("Logging:LogLevel:Microsoft.Hosting.Lifetime"));
  CHECK_FALSE(ConfigKeyNamesAHost("Kestrel:EndpointDefaults:Protocols"));
  CHECK_FALSE(ConfigKeyNamesAHost("AllowedHosts:Policy"));
  CHECK_FALSE(ConfigKeyNamesAHost("Ghostwriter"));
}

}  // namespace ampcheck
