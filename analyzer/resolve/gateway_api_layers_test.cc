// Gateway API routes end to end through extraction and resolve: the layer
// each implementation gives a route, in the words the output prints.
#include "analyzer/resolve/gateway_api_layers.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "analyzer/analyze/check.h"
#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

Model ResolveYaml(const std::string& yaml) {
  KubernetesExtractor extractor;
  FileFacts facts;
  facts.file = "fleet.yaml";
  extractor.Extract({"fleet.yaml", "yaml", yaml}, &facts);
  Policy policy;
  return Resolve({facts}, policy, {"1.28.6"});
}

const Call& FindCall(const Model& model, const std::string& from,
                     const std::string& to) {
  for (const Call& call : model.calls) {
    if (model.services[call.from].name == from &&
        model.services[call.to].name == to)
      return call;
  }
  FAIL("no call " << from << " -> " << to);
  static Call none;
  return none;
}

const char* kServices = R"(
---
apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {istio-injection: enabled}}
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
        image: web:1
        env: [{name: CART_URL, value: "http://cart:8080"}]
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec: {selector: {app: web}, ports: [{name: http, port: 8080}]}
---
apiVersion: v1
kind: Service
metadata: {name: cart, namespace: shop}
spec: {selector: {app: cart}, ports: [{name: http, port: 8080}]}
)";

TEST_CASE("gateway api on Istio: a Gateway route is an entry hop") {
  Model model = ResolveYaml(R"(apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: public, namespace: shop}
spec: {gatewayClassName: istio}
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: storefront, namespace: shop}
spec:
  parentRefs: [{name: public}]
  rules:
  - matches: [{method: GET}]
    backendRefs: [{name: web, port: 8080}]
    retry: {attempts: 3, codes: [503]}
    timeouts: {request: 10s, backendRequest: 2s}
)" + std::string(kServices));
  const Call& call = FindCall(model, "public", "web");
  const Service& gateway = model.services[call.from];
  CHECK(gateway.is_gateway);
  CHECK(gateway.in_mesh);
  CHECK(gateway.membership ==
        "Gateway API gateway served by Istio (Gateway shop/public "
        "(fleet.yaml:1) gatewayClassName istio, the class Istio installs "
        "(controllerName istio.io/gateway-controller))");
  REQUIRE(call.evidence.size() == 1);
  CHECK(call.evidence[0].location.ToString() == "fleet.yaml:13");
  CHECK(call.evidence[0].detail ==
        "HTTPRoute storefront attaches to Gateway shop/public, rule rules[0] "
        "-> web");
  REQUIRE(call.layers.size() == 1);
  const Layer& layer = call.layers[0];
  CHECK(layer.tries == Tries::Of(4));
  CHECK(layer.provenance == Provenance::kExplicit);
  CHECK(layer.origin == "HTTPRoute storefront (Istio)");
  CHECK(layer.detail ==
        "HTTPRoute storefront rule rules[0]: retry.attempts 3 (retries) = 4 "
        "tries");
  CHECK(layer.location.ToString() == "fleet.yaml:14");
  CHECK(layer.methods == std::vector<std::string>{"GET"});
  CHECK(layer.retry_on ==
        std::vector<std::string>{"connect-failure", "refused-stream",
                                 "unavailable", "cancelled", "503"});
  CHECK(layer.per_try_timeout == 2000);
  CHECK(layer.total_timeout == 10000);
}

TEST_CASE(
    "gateway api on Istio: a GAMMA route without retry gets the "
    "default") {
  Model model = ResolveYaml(R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: cart, namespace: shop}
spec:
  parentRefs: [{group: "", kind: Service, name: cart}]
  rules:
  - backendRefs: [{name: cart, port: 8080}]
    timeouts: {backendRequest: 1s}
)" + std::string(kServices));
  const Call& call = FindCall(model, "web", "cart");
  REQUIRE(call.layers.size() == 1);
  const Layer& layer = call.layers[0];
  CHECK(layer.tries == Tries::Of(3));
  CHECK(layer.provenance == Provenance::kMeshDefault);
  CHECK(layer.detail ==
        "Istio 1.28.6 default: 2 retries = 3 tries (HTTPRoute cart rule "
        "rules[0] has no retry field)");
  CHECK(layer.location.ToString() == "fleet.yaml:7");
  // Named as the default a VirtualService-less route runs: the same cause.
  CHECK(layer.origin ==
        "Istio default, HTTPRoute cart rule rules[0] has no retry field");
  CHECK(MeshDefaultCause(layer) == "mesh-default|Istio default|3");
  // Without retry, Istio makes backendRequest the route timeout.
  CHECK(layer.total_timeout == 1000);
  CHECK_FALSE(layer.per_try_timeout.has_value());
}

TEST_CASE("gateway api: a consumer route applies in its own namespace only") {
  Model model = ResolveYaml(R"(apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: cart-from-elsewhere, namespace: other}
spec:
  parentRefs: [{group: "", kind: Service, name: cart, namespace: shop}]
  rules:
  - backendRefs: [{name: cart, namespace: shop, port: 8080}]
    retry: {attempts: 5}
)" + std::string(kServices));
  const Call& call = FindCall(model, "web", "cart");
  REQUIRE(call.layers.size() == 1);
  // web is in shop, so the route of namespace other does not apply.
  CHECK(call.layers[0].detail ==
        "Istio 1.28.6 default: 2 retries = 3 tries (no VirtualService for "
        "cart)");
}

TEST_CASE("gateway api: another vendor's route without retry retries not") {
  Model model = ResolveYaml(R"(apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: {name: cilium}
spec: {controllerName: io.cilium/gateway-controller}
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: public, namespace: shop}
spec: {gatewayClassName: cilium}
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: storefront, namespace: shop}
spec:
  parentRefs: [{name: public}]
  rules: [{backendRefs: [{name: web, port: 8080}]}]
)" + std::string(kServices));
  const Call& call = FindCall(model, "public", "web");
  CHECK_FALSE(model.services[call.from].in_mesh);
  CHECK(call.layers.empty());
  REQUIRE(call.notes.size() == 1);
  CHECK(call.notes[0] ==
        "no retry layer at Gateway shop/public: its routes to web have no "
        "retry field, and a route without one on io.cilium/gateway-controller "
        "is not counted as retrying (implementation-specific; Gateway "
        "shop/public (fleet.yaml:6) gatewayClassName cilium, GatewayClass "
        "cilium (fleet.yaml:1) controllerName io.cilium/gateway-controller)");
  CHECK(
      std::find(model.assumptions.begin(), model.assumptions.end(),
                std::string(
                    "Gateway API routes without a retry field on an "
                    "implementation other than Istio or Envoy Gateway: no "
                    "retries counted (the default is implementation-specific, "
                    "GEP-1731)")) != model.assumptions.end());
}

TEST_CASE("gateway api on Envoy Gateway: BackendTrafficPolicy numRetries") {
  Model model = ResolveYaml(R"(apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: {name: eg}
spec: {controllerName: gateway.envoyproxy.io/gatewayclass-controller}
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: public, namespace: shop}
spec: {gatewayClassName: eg}
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: storefront, namespace: shop}
spec:
  parentRefs: [{name: public}]
  rules: [{backendRefs: [{name: web, port: 8080}]}]
---
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: retries, namespace: shop}
spec:
  targetRefs: [{group: gateway.networking.k8s.io, kind: HTTPRoute, name: storefront}]
  retry: {perRetry: {timeout: 1s}}
)" + std::string(kServices));
  const Call& call = FindCall(model, "public", "web");
  REQUIRE(call.layers.size() == 1);
  const Layer& layer = call.layers[0];
  CHECK(layer.tries == Tries::Of(3));
  CHECK(layer.detail ==
        "BackendTrafficPolicy retries (for HTTPRoute storefront rule "
        "rules[0]): retry.numRetries unset, Envoy Gateway's default 2 "
        "(retries) = 3 tries");
  CHECK(layer.location.ToString() == "fleet.yaml:23");
  CHECK(layer.per_try_timeout == 1000);
  CHECK(layer.total_timeout == 15000);  // Envoy Gateway's default
  CHECK(layer.origin == "HTTPRoute storefront (Envoy Gateway)");
}

}  // namespace
}  // namespace ampcheck
