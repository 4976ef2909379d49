// Linkerd's layers end to end: manifests through extraction and resolve.
#include <doctest/doctest.h>

#include "analyzer/base/strings.h"
#include "analyzer/resolve/manifest_resolve_test_support.h"

namespace ampcheck {
namespace {

const Service& Named(const Model& model, const std::string& name) {
  for (const Service& s : model.services)
    if (s.name == name) return s;
  FAIL("no service " << name);
  return model.services.front();
}

constexpr const char kMeshed[] = R"(apiVersion: v1
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
)";

TEST_CASE("linkerd: limit 2 on the callee's Service is 3 tries") {
  Model model = ResolveYaml(std::string(kMeshed) + R"(apiVersion: v1
kind: Service
metadata:
  name: orders
  namespace: shop
  annotations:
    retry.linkerd.io/http: 5xx
    retry.linkerd.io/limit: "2"
    retry.linkerd.io/timeout: 300ms
    timeout.linkerd.io/request: 2s
)");
  CHECK(Named(model, "web").in_mesh);
  CHECK(Named(model, "web").mesh == "linkerd");
  CHECK(Named(model, "web").membership ==
        "Linkerd: namespace shop annotation linkerd.io/inject=enabled "
        "(fleet.yaml:1)");
  const Call& call = CallTo(model, "orders");
  REQUIRE(call.layers.size() == 1);
  const Layer& layer = call.layers[0];
  CHECK(layer.kind == LayerKind::kMesh);
  CHECK(layer.provenance == Provenance::kExplicit);
  CHECK(layer.tries == Tries::Of(3));
  CHECK(layer.origin == "Linkerd annotations on Service orders");
  CHECK(layer.detail ==
        "retry.linkerd.io/limit 2 (retries) = 3 tries (Service orders)");
  CHECK(layer.location.ToString() == "fleet.yaml:27");
  CHECK(layer.per_try_timeout == 300);
  CHECK(layer.total_timeout == 2000);
  CHECK(layer.retry_on == std::vector<std::string>{"5xx"});
  CHECK(layer.budget_percent == std::nullopt);
}

TEST_CASE("linkerd: no annotation is no layer, never Istio's default") {
  Model model = ResolveYaml(std::string(kMeshed) + R"(apiVersion: v1
kind: Service
metadata: {name: orders, namespace: shop}
---
apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata: {name: unrelated, namespace: shop}
spec: {host: other}
)");
  const Call& call = CallTo(model, "orders");
  CHECK(call.layers.empty());
  CHECK(call.notes == std::vector<std::string>{
                          "no mesh retry layer: no retry.linkerd.io annotation "
                          "or ServiceProfile for orders; Linkerd has no "
                          "default retries"});
}

TEST_CASE("linkerd: limit 0 and a missing limit are 1 retry") {
  for (const char* limit : {"    retry.linkerd.io/limit: \"0\"\n", ""}) {
    Model model = ResolveYaml(std::string(kMeshed) +
                              "apiVersion: v1\nkind: Service\nmetadata:\n"
                              "  name: orders\n  namespace: shop\n"
                              "  annotations:\n"
                              "    retry.linkerd.io/http: 5xx\n" +
                              limit);
    const Call& call = CallTo(model, "orders");
    REQUIRE(call.layers.size() == 1);
    CHECK(call.layers[0].tries == Tries::Of(2));
    CHECK(call.layers[0].detail ==
          (*limit ? "retry.linkerd.io/limit 0, read by Linkerd as 1 retry = 2 "
                    "tries (Service orders)"
                  : "retry.linkerd.io annotations without a limit: Linkerd's "
                    "default of 1 retry = 2 tries (Service orders)"));
  }
}

TEST_CASE("linkerd: a request timeout alone is a timeout-only layer") {
  Model model = ResolveYaml(std::string(kMeshed) + R"(apiVersion: v1
kind: Service
metadata:
  name: orders
  namespace: shop
  annotations: {timeout.linkerd.io/request: 2s}
)");
  const Call& call = CallTo(model, "orders");
  REQUIRE(call.layers.size() == 1);
  CHECK(call.layers[0].timeout_only);
  CHECK(call.layers[0].tries == Tries::Of(1));
  CHECK(call.layers[0].total_timeout == 2000);
}

TEST_CASE("linkerd: an unmeshed caller gets no layer, a label is not read") {
  Model model = ResolveYaml(R"(apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels: {linkerd.io/inject: enabled}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
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
  annotations: {retry.linkerd.io/limit: "2"}
)");
  CHECK_FALSE(Named(model, "web").in_mesh);
  CHECK(
      Named(model, "web").membership ==
      "Linkerd: namespace shop label linkerd.io/inject=enabled (fleet.yaml:1) "
      "is not read (the injector reads the annotation), no proxy");
  CHECK(CallTo(model, "orders").layers.empty());
}

TEST_CASE("linkerd: a ServiceProfile replaces the annotations, budget bounds") {
  Model model = ResolveYaml(std::string(kMeshed) + R"(apiVersion: v1
kind: Service
metadata:
  name: orders
  namespace: shop
  annotations: {retry.linkerd.io/limit: "3"}
---
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: orders.shop.svc.cluster.local, namespace: shop}
spec:
  routes:
  - name: list
    condition: {method: GET}
    isRetryable: true
    timeout: 2s
  - name: create
    condition: {method: POST}
)");
  const Call& call = CallTo(model, "orders");
  REQUIRE(call.layers.size() == 1);
  const Layer& layer = call.layers[0];
  CHECK(layer.tries.unbounded());
  CHECK(layer.origin == "ServiceProfile orders.shop.svc.cluster.local");
  CHECK(layer.detail ==
        "ServiceProfile orders.shop.svc.cluster.local: route list isRetryable, "
        "no per-request retry limit; bounded by retryBudget retryRatio 0.2, "
        "minRetriesPerSecond 10, ttl 10s (Linkerd's defaults, no retryBudget "
        "block): retries per ttl <= minRetriesPerSecond x ttl + retryRatio x "
        "requests");
  CHECK(layer.budget_percent == 20);
  CHECK(layer.methods == std::vector<std::string>{"GET"});
  CHECK(layer.total_timeout == 2000);
  CHECK(call.notes == std::vector<std::string>{
                          "retry.linkerd.io annotations on Service orders "
                          "ignored: a ServiceProfile exists (Linkerd)"});
}

TEST_CASE("linkerd: a budget ttl outside 1s..60s is dropped and diagnosed") {
  Model model = ResolveYaml(std::string(kMeshed) + R"(apiVersion: v1
kind: Service
metadata: {name: orders, namespace: shop}
---
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: orders.shop.svc.cluster.local, namespace: shop}
spec:
  routes: [{name: all, isRetryable: true}]
  retryBudget: {retryRatio: 0.1, minRetriesPerSecond: 5, ttl: 90s}
)");
  const Call& call = CallTo(model, "orders");
  REQUIRE(call.layers.size() == 1);
  CHECK_FALSE(call.layers[0].budget_percent.has_value());
  std::vector<std::string> diagnostics;
  for (const Diagnostic& d : model.diagnostics)
    diagnostics.push_back(d.location.ToString() + " " + d.message);
  INFO(Join(diagnostics, "\n"));
  CHECK(diagnostics ==
        std::vector<std::string>{
            "fleet.yaml:29 ServiceProfile orders.shop.svc.cluster.local: "
            "retryBudget.ttl 90s is outside 1s..60s; Linkerd drops the "
            "budget"});
}

}  // namespace
}  // namespace ampcheck
