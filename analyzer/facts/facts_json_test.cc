#include "analyzer/facts/facts_json.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

Layer FullLayer() {
  Layer layer;
  layer.kind = LayerKind::kMeshInbound;
  layer.tries = Tries::Unbounded();
  layer.provenance = Provenance::kInferred;
  layer.origin = "shared wrapper";
  layer.detail = "attempts 3 (retries) = 4 tries";
  layer.location = {"svc/a.go", 41};
  layer.retry_on = {"5xx", "connect-failure"};
  layer.methods = {"GET", "HEAD"};
  layer.per_try_timeout = 0;  // zero is a value, not an absent field
  layer.total_timeout = 2500;
  layer.backoff = {100, 2000, false, 1.5, 0.5};
  layer.budget_percent = 12.345678901234567;
  layer.budget_location = {"dr.yaml", 7};
  layer.shared = true;
  layer.evidence = {{{"vs.yaml", 3}, "route http[0]"}, {{}, "no file"}};
  return layer;
}

// Every field of every fact set to something other than its default.
FileFacts FullFacts() {
  FileFacts f;
  f.file = "repo/deploy/ünïcode.yaml";
  f.kind = "kubernetes";
  f.skipped_documents = 2;
  f.diagnostics = {{{"a.yaml", 3}, "bad \"quote\"\n", Severity::kNote}};
  f.namespaces = {{"shop",
                   {{"istio-injection", "enabled"}},
                   {"ns.yaml", 1},
                   {{"linkerd.io/inject", "enabled"}}}};
  WorkloadFact w;
  w.kind = "Deployment";
  w.name = "orders";
  w.ns = "shop";
  w.labels = {{"app", "orders"}};
  w.annotations = {{"sidecar.istio.io/inject", "false"}};
  w.images = {"registry/orders:1"};
  w.env = {{"PRICING_URL", "http://pricing", "", "", {"w.yaml", 9}},
           {"FROM_CM", std::nullopt, "cm", "key", {"w.yaml", 10}},
           {"EMPTY", std::string(), "", "", {"w.yaml", 11}}};
  w.env_from_config_maps = {{"cm", {"w.yaml", 12}}};
  w.volume_config_maps = {{"vol", {"w.yaml", 13}}};
  w.location = {"w.yaml", 2};
  f.workloads = {w};
  ServiceFact service;
  service.name = "pricing";
  service.ns = "shop";
  service.selector = {{"app", "pricing"}};
  service.ports = {8080, 0};
  service.protocols = {"http", "grpc"};
  service.annotations = {{"a", "b"}};
  service.location = {"s.yaml", 4};
  service.labels = {{"istio.io/use-waypoint", "waypoint"}};
  f.services = {service};
  f.config_maps = {{"cm", "shop", {{"key", "v", {"cm.yaml", 5}}}, {"cm", 1}}};
  RetryPolicyFact retries{0, 250, "5xx", 25, {"vs.yaml", 8}};
  VirtualServiceFact vs;
  vs.name = "pricing";
  vs.ns = "shop";
  vs.hosts = {"pricing"};
  vs.gateways = {"mesh"};
  vs.routes = {{"r",
                {{"pricing", "v1", 8080}},
                retries,
                3000,
                {"POST", "PUT"},
                {"vs.yaml", 6}},
               {"http[1]", {}, std::nullopt, std::nullopt, {}, {"vs.yaml", 9}}};
  vs.annotations = {{"x", "y"}};
  vs.location = {"vs.yaml", 1};
  f.virtual_services = {vs};
  TrafficPolicyFact policy{20.5, true, 3, {"dr.yaml", 5}};
  f.destination_rules = {{"pricing",
                          "shop",
                          "pricing",
                          policy,
                          {{"v1", policy}, {"v2", std::nullopt}},
                          {{8080, policy}},
                          {"dr.yaml", 1}}};
  f.envoy_filters = {{"ef",
                      "shop",
                      "pricing",
                      "MERGE",
                      "SIDECAR_OUTBOUND",
                      0.0,
                      0,
                      {"ef.yaml", 2}}};
  f.gateways = {{"gw", "shop", {"gw.yaml", 1}}};
  f.mesh_configs = {{retries, {"mesh.yaml", 3}}};
  GatewayApiFact route;
  route.kind = "HTTPRoute";
  route.name = "shop";
  route.ns = "edge";
  route.refs = {{"gateway.networking.k8s.io",
                 "Gateway",
                 "public",
                 "infra",
                 443,
                 std::nullopt,
                 {"route.yaml", 6}}};
  GatewayApiRetryFact retry{3,    {"503", "connect-failure"}, 250, 100,
                            1000, {"route.yaml", 12}};
  route.rules = {{"checkout",
                  {{"", "Service", "cart", "", 8080, 0, {"route.yaml", 9}}},
                  {"POST"},
                  retry,
                  0,
                  500,
                  {"route.yaml", 8}}};
  route.retry = retry;
  route.request_timeout = 15000;
  route.class_name = "istio";
  route.annotations = {{"a", "b"}};
  route.location = {"route.yaml", 1};
  route.budget = GatewayApiBudgetFact{0, 10000, 5, 1000, {"route.yaml", 20}};
  f.gateway_api = {route};
  f.linkerd_retries = {
      {"Service",
       "pricing",
       "shop",
       true,
       0,
       {"5xx", "500-504"},
       {"unavailable"},
       300,
       2000,
       {{{"s.yaml", 6}, "retry.linkerd.io/limit: 0"}},
       {"s.yaml", 6},
       {{"core", "Service", "pricing", "", 80, 0, {"s.yaml", 9}}},
       {"POST"}}};
  f.service_profiles = {{"pricing.shop.svc.cluster.local",
                         "shop",
                         {{"GET /p", "GET", true, 3000, {"sp.yaml", 5}},
                          {"", "", false, std::nullopt, {"sp.yaml", 9}}},
                         true,
                         0.25,
                         7.5,
                         20000,
                         {"sp.yaml", 12},
                         {"sp.yaml", 1}}};
  KumaToFact to{"MeshService", "pricing", "shop",          2, 1000, 50, 500,
                {"5xx"},       4000,      {"kuma.yaml", 9}};
  f.kuma_policies = {{"MeshRetry",
                      "r",
                      "kuma-system",
                      "default",
                      "MeshService",
                      "web",
                      {to, KumaToFact{}},
                      {"kuma.yaml", 1}}};
  f.kuma_meshes = {{"strict", {"*"}, {"mesh.yaml", 1}}};
  f.ingresses = {{"web",
                  "shop",
                  "nginx",
                  "nginx-internal",
                  {{"nginx.ingress.kubernetes.io/proxy-next-upstream-tries",
                    "4",
                    {"ing.yaml", 6}}},
                  {{"orders", 8080, "shop.example.com/api", {"ing.yaml", 12}}},
                  {"ing.yaml", 1}}};
  f.ingress_classes = {{"nginx", "k8s.io/ingress-nginx", true, {"ic.yaml", 1}}};
  f.ingress_controllers = {{"ingress-nginx-controller",
                            "ingress-nginx",
                            "ingress-nginx/ingress-nginx-controller",
                            "nginx",
                            "k8s.io/ingress-nginx",
                            true,
                            {"ctl.yaml", 3}}};
  f.proxy_configs = {{"Envoy",
                      "front-envoy",
                      "shop",
                      "envoy.yaml",
                      {{{TargetKind::kUrl, "http://orders:8080", ""},
                        FullLayer(),
                        "Envoy route backend/orders -> cluster orders",
                        {"cm.yaml", 20}}},
                      {"cm.yaml", 8}}};
  LayerFact layer;
  layer.layer = FullLayer();
  layer.rule_id = "go-retryablehttp";
  layer.library = "retryablehttp";
  layer.semantics = "retries";
  layer.target = {TargetKind::kEnv, "PRICING_URL", "http://pricing:8080"};
  layer.methods = {"GET"};
  layer.service = "orders";
  layer.tries_property = "a.b";
  layer.tries_property_semantics = "tries";
  layer.scope = {"PricingClient", "fetch", 10, 20, 12, 14};
  layer.through = "type:PricingClient";
  layer.no_service_edge = "a data store connection";
  f.layers = {layer};
  f.call_sites = {{{TargetKind::kEnv, "ORDERS_URL", "http://orders"},
                   {"a.go", 3},
                   "url",
                   {"", "newClient", 2, 5, 3, 4},
                   "POST",
                   true,
                   "gRPC: every call is an HTTP/2 POST"}};
  f.build_markers = {
      {"svc", "svc.csproj", "svc", {"dir:shared", "package:@shop/http"}, "", 0},
      {"orders", "go.mod", "orders", {}, "v1.33.0", 7}};
  f.properties = {{"pricing.base-url", "http://pricing", {"app.yml", 2}}};
  f.image_env = {{"CART_URL", "http://cart:8080", "", "", {"Dockerfile", 4}}};
  f.inline_suppressions = {{"retry-amplification",
                            "owned by the gateway",
                            {"client.go", 40},
                            {"client.go", 41}}};
  return f;
}

TEST_CASE("facts: every field survives a round trip through JSON") {
  FileFacts original = FullFacts();
  nlohmann::json written = FileFactsToJson(original);
  FileFacts read;
  std::string error;
  REQUIRE(
      FileFactsFromJson(nlohmann::json::parse(written.dump()), &read, &error));
  CHECK(error.empty());
  CHECK(FileFactsToJson(read) == written);

  // The values a lossy format would get wrong, checked one by one.
  CHECK(read.file == original.file);
  CHECK(read.diagnostics == original.diagnostics);
  CHECK(read.workloads[0].env[1].value == std::nullopt);
  CHECK(read.workloads[0].env[2].value == std::string());
  const Layer& layer = read.layers[0].layer;
  CHECK(layer.kind == LayerKind::kMeshInbound);
  CHECK(layer.tries.unbounded());
  CHECK(layer.provenance == Provenance::kInferred);
  CHECK(layer.per_try_timeout == 0);
  CHECK(layer.backoff == Backoff{100, 2000, false, 1.5, 0.5});
  CHECK(layer.budget_percent == 12.345678901234567);
  CHECK(layer.evidence == original.layers[0].layer.evidence);
  CHECK(read.layers[0].target == original.layers[0].target);
  CHECK(read.call_sites[0].target.fallback == "http://orders");
  CHECK(read.namespaces[0].annotations.at("linkerd.io/inject") == "enabled");
  CHECK(read.services[0].labels == original.services[0].labels);
  CHECK(read.linkerd_retries[0].limit == 0);  // 0 is a value, not unset
  CHECK(read.linkerd_retries[0].grpc ==
        std::vector<std::string>{"unavailable"});
  CHECK(read.service_profiles[0].routes[0].timeout == 3000);
  CHECK(read.service_profiles[0].retry_ratio == 0.25);
  CHECK(read.service_profiles[0].ttl == 20000);
  CHECK(read.kuma_policies[0].to[0].backoff_max == 500);
  CHECK(read.kuma_policies[0].to[1].target_kind.empty());
  CHECK(read.kuma_meshes[0].skip_initial_policies ==
        std::vector<std::string>{"*"});
  CHECK(read.layers[0].scope == original.layers[0].scope);
  CHECK(read.layers[0].through == "type:PricingClient");
  CHECK(read.call_sites[0].scope.statement_last_line == 4);
  CHECK(read.virtual_services[0].routes[0].retries->attempts == 0);
  CHECK_FALSE(read.virtual_services[0].routes[1].retries.has_value());
  CHECK_FALSE(read.destination_rules[0].subsets[1].second.has_value());
  CHECK(read.destination_rules[0].port_level[0].first == 8080);
  CHECK(read.envoy_filters[0].budget_percent == 0.0);
  CHECK(read.envoy_filters[0].max_retries == 0);
  CHECK(read.services[0].ports == std::vector<int>{8080, 0});
  CHECK(read.services[0].protocols == original.services[0].protocols);
  CHECK(layer.shared);
  CHECK(read.image_env[0].value == std::string("http://cart:8080"));
  CHECK(read.image_env[0].location == original.image_env[0].location);
  CHECK(read.inline_suppressions[0].reason == "owned by the gateway");
  CHECK(read.inline_suppressions[0].at == original.inline_suppressions[0].at);
  CHECK(read.inline_suppressions[0].target ==
        original.inline_suppressions[0].target);
  CHECK(layer.methods == std::vector<std::string>{"GET", "HEAD"});
  CHECK(read.virtual_services[0].routes[0].methods ==
        std::vector<std::string>{"POST", "PUT"});
  CHECK(read.call_sites[0].method == "POST");
  CHECK(read.call_sites[0].idempotency_key);
  const GatewayApiRuleFact& rule = read.gateway_api[0].rules[0];
  CHECK(rule.backends[0].weight == 0);  // not the default 1
  CHECK_FALSE(read.gateway_api[0].refs[0].weight.has_value());
  CHECK(rule.request_timeout == 0);
  CHECK(rule.retry->retries == 3);
  CHECK(rule.retry->retry_on ==
        original.gateway_api[0].rules[0].retry->retry_on);
  CHECK(read.gateway_api[0].refs[0].location == Location{"route.yaml", 6});
  CHECK(read.gateway_api[0].budget->percent == 0);  // 0 is a value, not unset
  CHECK(read.gateway_api[0].budget->min_retry_count == 5);
  CHECK(read.gateway_api[0].budget->location == Location{"route.yaml", 20});
  CHECK(read.linkerd_retries[0].parents[0].group == "core");
  CHECK(read.linkerd_retries[0].methods == std::vector<std::string>{"POST"});
  CHECK(read.call_sites[0].method_note == "gRPC: every call is an HTTP/2 POST");
  CHECK(read.ingresses[0].annotations[0].location == Location{"ing.yaml", 6});
  CHECK(read.ingresses[0].backends[0].port == 8080);
  CHECK(read.ingress_classes[0].is_default);
  CHECK(read.ingress_controllers[0].watch_without_class);
  CHECK(read.proxy_configs[0].routes[0].layer.tries.unbounded());
  CHECK(read.proxy_configs[0].routes[0].target ==
        original.proxy_configs[0].routes[0].target);
}

TEST_CASE("facts: defaults are left out and come back as defaults") {
  FileFacts empty;
  empty.file = "a.go";
  nlohmann::json written = FileFactsToJson(empty);
  CHECK(written.dump() == R"({"file":"a.go"})");
  Layer layer;  // kind client, 1 try, explicit: written even though default
  CHECK(LayerToJson(layer).dump() ==
        R"({"kind":"client","provenance":"explicit","tries":1})");
  Diagnostic d;
  FileFacts with_default_severity;
  with_default_severity.diagnostics.push_back(d);
  FileFacts read;
  std::string error;
  REQUIRE(
      FileFactsFromJson(FileFactsToJson(with_default_severity), &read, &error));
  CHECK(read.diagnostics[0].severity == Severity::kError);
}

TEST_CASE("facts: a malformed document names the field") {
  nlohmann::json in = FileFactsToJson(FullFacts());
  in["layers"][0]["layer"]["kind"] = "sideways";
  FileFacts read;
  std::string error;
  CHECK_FALSE(FileFactsFromJson(in, &read, &error));
  CHECK(error == "facts.layers[0].layer.kind: unknown value 'sideways'");

  in = FileFactsToJson(FullFacts());
  in["workloads"][0]["labels"] = 3;
  CHECK_FALSE(FileFactsFromJson(in, &read, &error));
  CHECK(error.rfind("facts.workloads[0].labels: ", 0) == 0);

  CHECK_FALSE(FileFactsFromJson(nlohmann::json::array(), &read, &error));
  CHECK(error == "facts: expected an object");
}

}  // namespace
}  // namespace ampcheck
