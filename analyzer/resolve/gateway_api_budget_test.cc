// XBackendTrafficPolicy retry budgets: manifests through extraction and
// resolve.
#include <doctest/doctest.h>

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

Model ResolveYaml(const std::string& yaml, const std::string& istio = "") {
  KubernetesExtractor extractor;
  FileFacts facts;
  facts.file = "fleet.yaml";
  extractor.Extract({"fleet.yaml", "yaml", yaml}, &facts);
  Policy policy;
  ResolveOptions options;
  options.istio_version = istio;
  return Resolve({facts}, policy, options);
}

const Call& CallTo(const Model& model, const std::string& callee) {
  for (const Call& call : model.calls)
    if (model.services[call.to].name == callee) return call;
  FAIL("no call to " << callee);
  return model.calls.front();
}

constexpr const char kMesh[] = R"(apiVersion: v1
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
        env: [{name: CART_URL, value: "http://cart:8080"}]
---
apiVersion: v1
kind: Service
metadata: {name: cart, namespace: shop}
spec: {selector: {app: cart}, ports: [{name: http, port: 8080}]}
---
)";

constexpr const char kBudget[] =
    R"(apiVersion: gateway.networking.x-k8s.io/v1alpha1
kind: XBackendTrafficPolicy
metadata: {name: cart-budget, namespace: shop}
spec:
  targetRefs: [{group: "", kind: Service, name: cart}]
  retryConstraint:
    budget: {percent: 25}
)";

TEST_CASE(
    "gateway api budget: an XBackendTrafficPolicy bounds the Istio "
    "layer as a DestinationRule retryBudget does") {
  Model model = ResolveYaml(std::string(kMesh) + kBudget);
  const Layer& layer = CallTo(model, "cart").layers.at(0);
  CHECK(layer.tries == Tries::Of(3));  // Istio's default, still 3 tries
  REQUIRE(layer.budget_percent.has_value());
  CHECK(*layer.budget_percent == 25);
  CHECK(layer.budget_location.ToString() == "fleet.yaml:28");
  REQUIRE_FALSE(layer.evidence.empty());
  CHECK(layer.evidence.back().detail ==
        "XBackendTrafficPolicy cart-budget: retryConstraint budget.percent "
        "25% of active requests over 10s (default), minRetryRate 10 per 1s "
        "(default) (Istio)");
}

TEST_CASE("gateway api budget: an empty retryConstraint is the CRD's 20%") {
  Model model = ResolveYaml(std::string(kMesh) +
                            R"(apiVersion: gateway.networking.x-k8s.io/v1alpha1
kind: XBackendTrafficPolicy
metadata: {name: cart-budget, namespace: shop}
spec:
  targetRefs: [{group: "", kind: Service, name: cart}]
  retryConstraint: {}
)");
  const Layer& layer = CallTo(model, "cart").layers.at(0);
  CHECK(layer.budget_percent == 20);
  CHECK(layer.evidence.back().detail ==
        "XBackendTrafficPolicy cart-budget: retryConstraint budget.percent "
        "20% (default) of active requests over 10s (default), minRetryRate 10 "
        "per 1s (default) (Istio)");
}

TEST_CASE(
    "gateway api budget: before Istio 1.27 there is no budget to "
    "translate into") {
  Model model = ResolveYaml(std::string(kMesh) + kBudget, "1.26");
  CHECK_FALSE(CallTo(model, "cart").layers.at(0).budget_percent.has_value());
  bool diagnosed = false;
  for (const Diagnostic& d : model.diagnostics) {
    diagnosed =
        diagnosed || (d.location.ToString() == "fleet.yaml:28" &&
                      d.message ==
                          "XBackendTrafficPolicy cart-budget: Istio translates "
                          "retryConstraint into a DestinationRule retryBudget, "
                          "which needs Istio 1.27+; ignored for Istio 1.26");
  }
  CHECK(diagnosed);
}

TEST_CASE(
    "gateway api budget: a policy targeting another Service bounds "
    "nothing") {
  std::string other(kBudget);
  other.replace(other.find("name: cart}"), 11, "name: web}");
  Model model = ResolveYaml(std::string(kMesh) + other);
  CHECK_FALSE(CallTo(model, "cart").layers.at(0).budget_percent.has_value());
}

TEST_CASE(
    "gateway api budget: Envoy Gateway does not implement it, a note "
    "says so") {
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
metadata: {name: cart, namespace: shop}
spec:
  parentRefs: [{name: public}]
  rules:
  - backendRefs: [{name: cart, port: 8080}]
    retry: {attempts: 2}
---
apiVersion: v1
kind: Service
metadata: {name: cart, namespace: shop}
spec: {selector: {app: cart}, ports: [{name: http, port: 8080}]}
---
)" + std::string(kBudget));
  const Call& call = CallTo(model, "cart");
  REQUIRE(call.layers.size() == 1);
  CHECK_FALSE(call.layers[0].budget_percent.has_value());
  REQUIRE(call.notes.size() == 1);
  CHECK(call.notes[0] ==
        "XBackendTrafficPolicy cart-budget (fleet.yaml:31) targets cart but "
        "does not bound HTTPRoute cart (Envoy Gateway): of the systems read, "
        "only Istio implements retryConstraint (Envoy Gateway does not: "
        "envoyproxy/gateway#5298)");
}

}  // namespace
}  // namespace ampcheck
