#include "analyzer/extract/mesh/gateway_api_extractor.h"

#include <doctest/doctest.h>

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"

namespace ampcheck {
namespace {

FileFacts Extract(const std::string& yaml) {
  KubernetesExtractor extractor;
  FileFacts facts;
  extractor.Extract({"routes.yaml", "yaml", yaml}, &facts);
  return facts;
}

std::vector<std::string> Messages(const FileFacts& facts) {
  std::vector<std::string> out;
  for (const Diagnostic& d : facts.diagnostics)
    out.push_back(d.location.ToString() + ": " + d.message);
  return out;
}

TEST_CASE("gateway api: an HTTPRoute's parents, backends, retry and timeouts") {
  FileFacts facts = Extract(R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: shop, namespace: edge}
spec:
  parentRefs:
  - {name: public, namespace: infra, sectionName: https}
  - {group: "", kind: Service, name: cart, port: 8080}
  rules:
  - name: checkout
    matches: [{method: POST, path: {value: /checkout}}, {method: PUT}]
    backendRefs:
    - {name: cart, port: 8080, weight: 90}
    - {name: cart-canary, namespace: canary, weight: 0}
    retry: {attempts: 3, codes: [503, 504], backoff: 100ms}
    timeouts: {request: 10s, backendRequest: 2s}
  - matches: [{path: {value: /}}, {method: GET}]
    backendRefs: [{name: web}]
)");
  CHECK(facts.diagnostics.empty());
  REQUIRE(facts.gateway_api.size() == 1);
  const GatewayApiFact& route = facts.gateway_api[0];
  CHECK(route.kind == "HTTPRoute");
  CHECK(route.ns == "edge");
  REQUIRE(route.refs.size() == 2);
  CHECK(route.refs[0].kind == "");  // Gateway by default, decided in resolve
  CHECK(route.refs[0].ns == "infra");
  CHECK(route.refs[0].location.ToString() == "routes.yaml:6");
  CHECK(route.refs[1].kind == "Service");
  CHECK(route.refs[1].port == 8080);
  REQUIRE(route.rules.size() == 2);
  const GatewayApiRuleFact& checkout = route.rules[0];
  CHECK(checkout.name == "checkout");
  CHECK(checkout.location.ToString() == "routes.yaml:9");
  CHECK(checkout.methods == std::vector<std::string>{"POST", "PUT"});
  REQUIRE(checkout.backends.size() == 2);
  CHECK(checkout.backends[0].weight == 90);
  CHECK(checkout.backends[1].weight == 0);
  CHECK(checkout.backends[1].ns == "canary");
  REQUIRE(checkout.retry.has_value());
  CHECK(checkout.retry->retries == 3);  // attempts counts retries
  CHECK(checkout.retry->retry_on == std::vector<std::string>{"503", "504"});
  CHECK(checkout.retry->backoff == 100);
  CHECK(checkout.retry->location.ToString() == "routes.yaml:14");
  CHECK(checkout.request_timeout == 10000);
  CHECK(checkout.backend_timeout == 2000);
  // A match without a method lets any method through.
  CHECK(route.rules[1].name == "rules[1]");
  CHECK(route.rules[1].methods.empty());
  CHECK_FALSE(route.rules[1].retry.has_value());
  CHECK_FALSE(route.rules[1].backends[0].weight.has_value());
}

TEST_CASE("gateway api: Gateway, GatewayClass and BackendTrafficPolicy") {
  FileFacts facts = Extract(R"(apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: {name: eg}
spec: {controllerName: gateway.envoyproxy.io/gatewayclass-controller}
---
apiVersion: gateway.networking.k8s.io/v1beta1
kind: Gateway
metadata: {name: public, namespace: infra}
spec: {gatewayClassName: eg, listeners: [{name: http, port: 80, protocol: HTTP}]}
---
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: retries, namespace: infra}
spec:
  targetRefs: [{group: gateway.networking.k8s.io, kind: HTTPRoute, name: shop}]
  retry:
    numRetries: 5
    perRetry: {timeout: 250ms, backOff: {baseInterval: 100ms, maxInterval: 1s}}
    retryOn: {triggers: [connect-failure, retriable-status-codes], httpStatusCodes: [500]}
  timeout: {http: {requestTimeout: 4s}}
)");
  CHECK(facts.diagnostics.empty());
  REQUIRE(facts.gateway_api.size() == 3);
  CHECK(facts.gateway_api[0].class_name ==
        "gateway.envoyproxy.io/gatewayclass-controller");
  CHECK(facts.gateway_api[1].kind == "Gateway");
  CHECK(facts.gateway_api[1].class_name == "eg");
  const GatewayApiFact& policy = facts.gateway_api[2];
  REQUIRE(policy.refs.size() == 1);
  CHECK(policy.refs[0].kind == "HTTPRoute");
  CHECK(policy.refs[0].name == "shop");
  REQUIRE(policy.retry.has_value());
  CHECK(policy.retry->retries == 5);
  CHECK(policy.retry->per_try_timeout == 250);
  CHECK(policy.retry->backoff == 100);
  CHECK(policy.retry->backoff_max == 1000);
  CHECK(policy.retry->retry_on ==
        std::vector<std::string>{"connect-failure", "retriable-status-codes",
                                 "500"});
  CHECK(policy.request_timeout == 4000);
  CHECK(facts.skipped_documents == 0);
}

TEST_CASE("gateway api: a single targetRef is read like targetRefs") {
  FileFacts facts = Extract(R"(apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: gw, namespace: infra}
spec:
  targetRef: {group: gateway.networking.k8s.io, kind: Gateway, name: public}
  retry: {}
)");
  REQUIRE(facts.gateway_api.size() == 1);
  REQUIRE(facts.gateway_api[0].refs.size() == 1);
  CHECK(facts.gateway_api[0].refs[0].kind == "Gateway");
  CHECK(facts.gateway_api[0].refs[0].location.ToString() == "routes.yaml:5");
  REQUIRE(facts.gateway_api[0].retry.has_value());
  CHECK_FALSE(facts.gateway_api[0].retry->retries.has_value());
}

TEST_CASE("gateway api: malformed fields are rejected with file:line") {
  FileFacts facts = Extract(R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: shop, namespace: edge}
spec:
  rules:
  - backendRefs: [{name: cart}]
    retry:
      attempts: three
      codes: [200, 503]
      backoff: soon
  - backendRefs: [{name: cart, weight: -1}]
    retry: {attempts: -2}
    timeouts: {request: 1s, backendRequest: 5s}
---
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: p, namespace: edge}
spec:
  retry: {numRetries: many}
)");
  CHECK(facts.gateway_api.empty());
  CHECK(Messages(facts) ==
        std::vector<std::string>{
            "routes.yaml:8: HTTPRoute shop: rules[0].retry.attempts is not an "
            "integer: 'three'; resource ignored (the API server rejects it)",
            "routes.yaml:9: HTTPRoute shop: rules[0].retry.codes[] must be >= "
            "400, got 200; resource ignored (the API server rejects it)",
            "routes.yaml:10: HTTPRoute shop: rules[0].retry.backoff is not a "
            "duration: 'soon'; resource ignored (the API server rejects it)",
            "routes.yaml:11: HTTPRoute shop: "
            "rules[1].backendRefs[0].weight must be >= 0, got -1; resource "
            "ignored (the API server rejects it)",
            "routes.yaml:12: HTTPRoute shop: rules[1].retry.attempts must be "
            ">= 0, got -2; resource ignored (the API server rejects it)",
            "routes.yaml:13: HTTPRoute shop: rules[1].timeouts.backendRequest "
            "5s is longer than timeouts.request 1s; resource ignored (the API "
            "server rejects it)",
            "routes.yaml:19: BackendTrafficPolicy p: retry.numRetries is not "
            "an integer: 'many'; resource ignored (the API server rejects "
            "it)"});
}

TEST_CASE("gateway api: GRPCRoute rules have no retry field") {
  FileFacts facts = Extract(R"(apiVersion: gateway.networking.k8s.io/v1
kind: GRPCRoute
metadata: {name: rpc, namespace: edge}
spec:
  parentRefs: [{kind: Service, group: "", name: catalog}]
  rules:
  - matches: [{method: {service: shop.Catalog, method: List}}]
    backendRefs: [{name: catalog, port: 9090}]
    retry: {attempts: 4}
)");
  REQUIRE(facts.gateway_api.size() == 1);
  CHECK_FALSE(facts.gateway_api[0].rules[0].retry.has_value());
  CHECK(facts.gateway_api[0].rules[0].methods.empty());
  CHECK(Messages(facts) ==
        std::vector<std::string>{
            "routes.yaml:9: GRPCRoute rpc: GRPCRoute rules have no retry "
            "field in the Gateway API; the API server drops it, so it is not "
            "counted"});
}

TEST_CASE("gateway api: other groups and kinds are not read here") {
  FileFacts facts = Extract(R"(apiVersion: gateway.networking.k8s.io/v1alpha2
kind: TCPRoute
metadata: {name: db}
---
apiVersion: example.com/v1
kind: HTTPRoute
metadata: {name: other}
)");
  CHECK(facts.gateway_api.empty());
  CHECK(facts.skipped_documents == 2);
}

TEST_CASE(
    "gateway api: an XBackendTrafficPolicy's retryConstraint as "
    "written") {
  FileFacts facts = Extract(R"(apiVersion: gateway.networking.x-k8s.io/v1alpha1
kind: XBackendTrafficPolicy
metadata: {name: cart-budget, namespace: shop}
spec:
  targetRefs: [{group: "", kind: Service, name: cart}]
  retryConstraint:
    budget: {percent: 0, interval: 30s}
    minRetryRate: {count: 3}
)");
  CHECK(facts.diagnostics.empty());
  REQUIRE(facts.gateway_api.size() == 1);
  const GatewayApiFact& policy = facts.gateway_api[0];
  CHECK(policy.kind == "XBackendTrafficPolicy");
  REQUIRE(policy.refs.size() == 1);
  CHECK(policy.refs[0].kind == "Service");
  CHECK(policy.refs[0].name == "cart");
  REQUIRE(policy.budget.has_value());
  CHECK(policy.budget->percent == 0);  // written, not the default 20
  CHECK(policy.budget->interval == 30000);
  CHECK(policy.budget->min_retry_count == 3);
  CHECK_FALSE(policy.budget->min_retry_interval.has_value());
  CHECK(policy.budget->location.ToString() == "routes.yaml:7");
}

TEST_CASE(
    "gateway api: an XBackendTrafficPolicy the CRD rejects is "
    "reported and ignored") {
  FileFacts facts = Extract(R"(apiVersion: gateway.networking.x-k8s.io/v1alpha1
kind: XBackendTrafficPolicy
metadata: {name: cart-budget, namespace: shop}
spec:
  targetRefs: []
  retryConstraint:
    budget: {percent: 150, interval: 2h}
)");
  CHECK(facts.gateway_api.empty());
  CHECK(Messages(facts) ==
        std::vector<std::string>{
            "routes.yaml:5: XBackendTrafficPolicy cart-budget: targetRefs is "
            "empty; resource ignored (the API server rejects it)",
            "routes.yaml:7: XBackendTrafficPolicy cart-budget: "
            "retryConstraint.budget.percent must be <= 100, got 150; "
            "resource ignored (the API server rejects it)",
            "routes.yaml:7: XBackendTrafficPolicy cart-budget: "
            "retryConstraint.budget.interval 2h is outside 1s..1h; resource "
            "ignored (the API server rejects it)"});
}

TEST_CASE(
    "gateway api: Linkerd annotations on an HTTPRoute carry its "
    "parents and methods") {
  FileFacts facts = Extract(R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: orders-writes
  namespace: shop
  annotations:
    retry.linkerd.io/limit: "2"
    retry.linkerd.io/grpc: unavailable
spec:
  parentRefs: [{name: orders, kind: Service, group: core}]
  rules:
  - matches: [{method: POST}, {method: PATCH}]
  - matches: [{method: POST}]
)");
  CHECK(Messages(facts) ==
        std::vector<std::string>{
            "routes.yaml:8: HTTPRoute orders-writes: retry.linkerd.io/grpc is "
            "not valid on a HTTPRoute; ignored"});
  REQUIRE(facts.linkerd_retries.size() == 1);
  const LinkerdRetryFact& fact = facts.linkerd_retries[0];
  CHECK(fact.kind == "HTTPRoute");
  CHECK(fact.limit == 2);
  CHECK(fact.grpc.empty());
  REQUIRE(fact.parents.size() == 1);
  CHECK(fact.parents[0].group == "core");
  CHECK(fact.methods == std::vector<std::string>{"POST", "PATCH"});
}

}  // namespace
}  // namespace ampcheck
