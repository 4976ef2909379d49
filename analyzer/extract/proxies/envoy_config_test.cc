#include "analyzer/extract/proxies/envoy_config.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

constexpr const char* kBootstrap = R"(static_resources:
  listeners:
  - name: front
    filter_chains:
    - filters:
      - name: envoy.filters.network.http_connection_manager
        typed_config:
          route_config:
            virtual_hosts:
            - name: backend
              domains: ["*"]
              retry_policy: {retry_on: "connect-failure", num_retries: 2}
              routes:
              - match: {prefix: "/orders"}
                route:
                  cluster: orders
                  timeout: 5s
                  retry_policy:
                    retry_on: 5xx,reset
                    num_retries: 3
                    per_try_timeout: 1s
              - match: {prefix: "/catalog"}
                route: {cluster: catalog}
              - match: {prefix: "/old"}
                redirect: {path_redirect: "/"}
  clusters:
  - name: orders
    type: STRICT_DNS
    load_assignment:
      cluster_name: orders
      endpoints:
      - lb_endpoints:
        - endpoint:
            address:
              socket_address: {address: orders.shop.svc.cluster.local, port_value: 8080}
    circuit_breakers:
      thresholds:
      - priority: HIGH
        max_retries: 9
      - retry_budget: {budget_percent: {value: 25.0}}
  - name: catalog
    type: STRICT_DNS
    load_assignment:
      endpoints:
      - lb_endpoints:
        - endpoint: {address: {socket_address: {address: "${CATALOG_HOST}", port_value: 80}}}
)";

TEST_CASE("envoy: a route's retry_policy replaces its virtual host's") {
  std::vector<Diagnostic> diagnostics;
  auto configs =
      ReadEnvoyConfigs("envoy.yaml", kBootstrap, 1, true, &diagnostics);
  CHECK(diagnostics.empty());
  REQUIRE(configs.size() == 1);
  const ProxyConfigFact& config = configs[0];
  CHECK(config.system == "Envoy");
  REQUIRE(config.routes.size() == 2);  // the redirect makes no call

  const ProxyRouteFact& orders = config.routes[0];
  CHECK(orders.target == Target{TargetKind::kUrl,
                                "http://orders.shop.svc.cluster.local:8080",
                                ""});
  CHECK(orders.location == Location{"envoy.yaml", 14});
  CHECK(orders.detail ==
        "Envoy route backend/routes[0] (prefix /orders) -> cluster orders, "
        "endpoint orders.shop.svc.cluster.local:8080 (envoy.yaml:35)");
  const Layer& layer = orders.layer;
  CHECK(layer.kind == LayerKind::kClient);
  CHECK(layer.tries == Tries::Of(4));
  CHECK(layer.provenance == Provenance::kExplicit);
  CHECK(layer.origin == "Envoy retry_policy (route)");
  CHECK(layer.location == Location{"envoy.yaml", 19});
  CHECK(layer.retry_on == std::vector<std::string>{"5xx", "reset"});
  CHECK(layer.methods.empty());
  CHECK(layer.per_try_timeout == 1000);
  CHECK(layer.total_timeout == 5000);
  CHECK(layer.backoff == Backoff{25, 250, true, std::nullopt, std::nullopt});
  CHECK(layer.detail ==
        "retry_policy (route): num_retries 3 (retries) = 4 tries, retry_on "
        "5xx,reset, per_try_timeout 1s; route timeout 5s, covering all tries");
  // The HIGH entry is skipped; the DEFAULT one's budget replaces max_retries.
  CHECK(layer.budget_percent == 25.0);
  CHECK(layer.budget_location == Location{"envoy.yaml", 40});
  CHECK_FALSE(layer.max_concurrent_retries.has_value());
  REQUIRE(layer.evidence.size() == 2);
  CHECK(layer.evidence[0].detail == "route timeout 5s");
  CHECK(layer.evidence[1].detail ==
        "cluster orders: retry_budget 25%, min_retry_concurrency 3 (Envoy "
        "default)");

  const ProxyRouteFact& catalog = config.routes[1];
  CHECK(catalog.target == Target{TargetKind::kEnv, "CATALOG_HOST", ""});
  CHECK(catalog.layer.tries == Tries::Of(3));  // the virtual host's policy
  CHECK(catalog.layer.origin == "Envoy retry_policy (virtual host backend)");
  CHECK(catalog.layer.location == Location{"envoy.yaml", 12});
  CHECK(catalog.layer.total_timeout == 15000);
  CHECK(catalog.layer.max_concurrent_retries == 3);
  CHECK(catalog.layer.detail ==
        "retry_policy (virtual host backend): num_retries 2 (retries) = 3 "
        "tries, retry_on connect-failure; route timeout 15s (Envoy default), "
        "covering all tries");
  REQUIRE(catalog.layer.evidence.size() == 1);
  CHECK(catalog.layer.evidence[0].detail ==
        "cluster catalog: circuit_breakers max_retries 3 (Envoy default) "
        "(concurrent retries, not tries)");
}

TEST_CASE("envoy: no retry_policy is one try, a policy without a count two") {
  CHECK(EnvoyRouteTries(std::nullopt) == Tries::Of(1));
  EnvoyRetryPolicy policy;
  CHECK(EnvoyRouteTries(policy) == Tries::Of(1));  // no retry_on
  policy.retry_on = {"5xx"};
  CHECK(EnvoyRouteTries(policy) == Tries::Of(2));  // num_retries default 1
  policy.num_retries = 0;
  CHECK(EnvoyRouteTries(policy) == Tries::Of(1));
  EnvoyRetryPolicy host = policy;
  host.where = "virtual host a";
  CHECK(EnvoyEffectivePolicy(std::nullopt, host)->where == "virtual host a");
  CHECK(EnvoyEffectivePolicy(policy, host)->where == "");

  std::vector<Diagnostic> diagnostics;
  auto configs = ReadEnvoyConfigs("e.yaml", R"(static_resources:
  listeners:
  - filter_chains:
    - filters:
      - typed_config:
          route_config:
            virtual_hosts:
            - name: web
              routes:
              - match: {prefix: "/"}
                route: {cluster: web, timeout: 0s}
  clusters:
  - name: web
    hosts: [{socket_address: {address: web, port_value: 80}}]
)",
                                  1, true, &diagnostics);
  CHECK(diagnostics.empty());
  REQUIRE(configs.size() == 1);
  REQUIRE(configs[0].routes.size() == 1);
  const Layer& layer = configs[0].routes[0].layer;
  CHECK(layer.tries == Tries::Of(1));
  CHECK(layer.provenance == Provenance::kLibraryDefault);
  CHECK(layer.origin == "Envoy route without retry_policy");
  CHECK_FALSE(layer.total_timeout.has_value());
  CHECK(layer.detail ==
        "no retry_policy on the route or its virtual host: Envoy retries "
        "nothing = 1 try; route timeout 0s (disabled)");
}

TEST_CASE("envoy: malformed configs are diagnosed at their lines") {
  std::vector<Diagnostic> diagnostics;
  auto configs = ReadEnvoyConfigs("bad.yaml", R"(static_resources:
  listeners:
  - filter_chains:
    - filters:
      - typed_config:
          rds: {route_config_name: local}
      - typed_config:
          route_config:
            virtual_hosts:
            - name: web
              routes:
              - match: {prefix: "/"}
                route:
                  cluster: missing
                  retry_policy: {retry_on: 5xx, num_retries: three}
              - match: {prefix: "/w"}
                route: {cluster: dynamic, timeout: soon}
  clusters:
  - name: dynamic
    type: EDS
  - {type: STATIC}
)",
                                  1, true, &diagnostics);
  REQUIRE(configs.size() == 1);
  CHECK(configs[0].routes.empty());
  std::vector<std::string> messages;
  for (const Diagnostic& d : diagnostics)
    messages.push_back(d.location.ToString() + " " + d.message);
  CHECK(messages ==
        std::vector<std::string>{
            "bad.yaml:21 Envoy: a cluster without a name; not read",
            "bad.yaml:6 Envoy: routes from RDS (rds) are discovered at run "
            "time and not read; the calls through this listener are not "
            "analysed",
            "bad.yaml:15 Envoy: retry_policy num_retries 'three' is not a "
            "non-negative integer; read as Envoy's default 1",
            "bad.yaml:14 Envoy: route web/routes[0] (prefix /) names cluster "
            "'missing', which static_resources.clusters does not define; not "
            "analysed",
            "bad.yaml:17 Envoy: route timeout 'soon' is not a duration; read "
            "as Envoy's default 15s",
            "bad.yaml:17 Envoy: cluster dynamic of route web/routes[1] (prefix "
            "/w) has no static endpoint address (type EDS); its calls are not "
            "analysed"});

  diagnostics.clear();
  configs = ReadEnvoyConfigs("cm.yaml", "static_resources: {listeners: [\n", 9,
                             true, &diagnostics);
  CHECK(configs.empty());
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.line >= 9);
  CHECK(diagnostics[0].message.starts_with("Envoy config: "));
}

TEST_CASE("envoy: a ConfigMap value's lines follow its key") {
  std::vector<Diagnostic> diagnostics;
  // The value's first line is line 12 of the manifest.
  auto configs =
      ReadEnvoyConfigs("cm.yaml", kBootstrap, 12, true, &diagnostics);
  REQUIRE(configs.size() == 1);
  CHECK(configs[0].location == Location{"cm.yaml", 12});
  CHECK(configs[0].routes[0].location == Location{"cm.yaml", 25});
  CHECK(IsEnvoyBootstrap(yaml::Load("static_resources: {}")));
  CHECK_FALSE(IsEnvoyBootstrap(yaml::Load("kind: Deployment")));
}

}  // namespace
}  // namespace ampcheck
