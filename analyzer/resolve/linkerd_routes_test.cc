// Linkerd retry annotations on HTTPRoutes and GRPCRoutes attached to a
// Service: manifests through extraction and resolve.
#include <doctest/doctest.h>

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

Model ResolveYaml(const std::string& yaml, FileFacts* out = nullptr) {
  KubernetesExtractor extractor;
  FileFacts facts;
  facts.file = "fleet.yaml";
  extractor.Extract({"fleet.yaml", "yaml", yaml}, &facts);
  if (out) *out = facts;
  Policy policy;
  return Resolve({facts}, policy, {});
}

const Call& CallTo(const Model& model, const std::string& callee) {
  for (const Call& call : model.calls)
    if (model.services[call.to].name == callee) return call;
  FAIL("no call to " << callee);
  return model.calls.front();
}

constexpr const char kFleet[] = R"(apiVersion: v1
kind: Namespace
metadata:
  name: shop
  annotations: {linkerd.io/inject: enabled}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        env:
        - {name: ORDERS_URL, value: "http://orders"}
---
apiVersion: v1
kind: Service
metadata:
  name: orders
  namespace: shop
  annotations:
    retry.linkerd.io/http: 5xx
    retry.linkerd.io/limit: "3"
    timeout.linkerd.io/request: 9s
---
)";

TEST_CASE(
    "linkerd routes: an HTTPRoute's retry annotations replace the "
    "Service's") {
  Model model = ResolveYaml(std::string(kFleet) +
                            R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: orders-writes
  namespace: shop
  annotations:
    retry.linkerd.io/http: gateway-error
    retry.linkerd.io/limit: "1"
spec:
  parentRefs: [{name: orders, kind: Service, group: core}]
  rules:
  - matches: [{method: POST}]
)");
  const Call& call = CallTo(model, "orders");
  REQUIRE(call.layers.size() == 1);
  const Layer& layer = call.layers[0];
  CHECK(layer.tries == Tries::Of(2));
  CHECK(layer.origin == "Linkerd annotations on HTTPRoute orders-writes");
  CHECK(layer.detail ==
        "retry.linkerd.io/limit 1 (retries) = 2 tries (HTTPRoute "
        "orders-writes); replaces the retry annotations of Service orders");
  CHECK(layer.location.ToString() == "fleet.yaml:37");
  CHECK(layer.retry_on == std::vector<std::string>{"gateway-error"});
  CHECK(layer.methods == std::vector<std::string>{"POST"});
  // The route sets no request timeout: the Service's still applies.
  CHECK(layer.total_timeout == 9000);
}

TEST_CASE(
    "linkerd routes: a route without retry annotations keeps the "
    "Service's, with its own timeout") {
  Model model = ResolveYaml(std::string(kFleet) +
                            R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: orders
  namespace: shop
  annotations: {timeout.linkerd.io/request: 2s}
spec:
  parentRefs: [{name: orders, kind: Service}]
)");
  const Layer& layer = CallTo(model, "orders").layers.at(0);
  CHECK(layer.tries == Tries::Of(4));
  CHECK(layer.origin == "Linkerd annotations on Service orders");
  CHECK(layer.detail ==
        "retry.linkerd.io/limit 3 (retries) = 4 tries (Service orders); "
        "HTTPRoute orders has no retry annotation, so the Service's apply to "
        "its traffic");
  CHECK(layer.total_timeout == 2000);
  CHECK(layer.methods.empty());
}

TEST_CASE(
    "linkerd routes: a GRPCRoute retries gRPC, an HTTP/2 POST, and the "
    "worst route counts") {
  FileFacts facts;
  Model model = ResolveYaml(
      std::string(kFleet) + R"(apiVersion: gateway.networking.k8s.io/v1
kind: GRPCRoute
metadata:
  name: orders-grpc
  namespace: shop
  annotations:
    retry.linkerd.io/grpc: unavailable
    retry.linkerd.io/http: 5xx
    retry.linkerd.io/limit: "5"
spec:
  parentRefs: [{name: orders, kind: Service, group: core}]
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: orders-reads
  namespace: shop
  annotations: {retry.linkerd.io/limit: "1"}
spec:
  parentRefs: [{name: orders, kind: Service, group: core}]
  rules:
  - matches: [{method: GET}]
)",
      &facts);
  REQUIRE(facts.diagnostics.size() == 1);
  CHECK(facts.diagnostics[0].location.ToString() == "fleet.yaml:37");
  CHECK(facts.diagnostics[0].message ==
        "GRPCRoute orders-grpc: retry.linkerd.io/http is not valid on a "
        "GRPCRoute; ignored");
  const Layer& layer = CallTo(model, "orders").layers.at(0);
  CHECK(layer.tries == Tries::Of(6));
  CHECK(layer.origin == "Linkerd annotations on GRPCRoute orders-grpc");
  CHECK(layer.methods == std::vector<std::string>{"POST"});
  CHECK(layer.retry_on == std::vector<std::string>{"unavailable"});
  CHECK(layer.detail.ends_with("(worst of 2 routes)"));
  REQUIRE(layer.evidence.size() == 4);  // its two annotations, two routes
  CHECK(layer.evidence[2].detail == "GRPCRoute orders-grpc: 6 tries");
  CHECK(layer.evidence[3].detail == "HTTPRoute orders-reads: 2 tries");
}

TEST_CASE(
    "linkerd routes: a ServiceProfile makes Linkerd ignore route "
    "annotations too") {
  Model model = ResolveYaml(std::string(kFleet) +
                            R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: orders
  namespace: shop
  annotations: {retry.linkerd.io/limit: "7"}
spec:
  parentRefs: [{name: orders, kind: Service}]
---
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: orders.shop.svc.cluster.local, namespace: shop}
spec:
  routes:
  - {name: list, condition: {method: GET}}
)");
  const Call& call = CallTo(model, "orders");
  CHECK(call.layers.empty());
}

TEST_CASE(
    "linkerd routes: a route attached to a Gateway or another Service "
    "does not carry the call") {
  Model model = ResolveYaml(std::string(kFleet) +
                            R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: edge
  namespace: shop
  annotations: {retry.linkerd.io/limit: "7"}
spec:
  parentRefs: [{name: public}, {name: billing, kind: Service}]
)");
  const Layer& layer = CallTo(model, "orders").layers.at(0);
  CHECK(layer.origin == "Linkerd annotations on Service orders");
  CHECK(layer.tries == Tries::Of(4));
}

}  // namespace
}  // namespace ampcheck
