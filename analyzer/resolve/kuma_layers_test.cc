// Kuma's layers end to end: manifests through extraction and resolve.
#include <doctest/doctest.h>

#include "analyzer/resolve/manifest_resolve_test_support.h"

namespace ampcheck {
namespace {

// demo-app -> backend, both in Kuma's default mesh.
constexpr const char kFleet[] = R"(apiVersion: v1
kind: Namespace
metadata:
  name: kuma-demo
  labels: {kuma.io/sidecar-injection: enabled}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: demo-app, namespace: kuma-demo}
spec:
  template:
    spec:
      containers:
      - name: app
        env:
        - {name: BACKEND_URL, value: "http://backend"}
---
apiVersion: v1
kind: Service
metadata: {name: backend, namespace: kuma-demo}
---
)";

TEST_CASE("kuma: a new mesh's default MeshRetry is 6 tries, named") {
  Model model = ResolveYaml(std::string(kFleet) +
                            "apiVersion: v1\n"
                            "kind: ConfigMap\n"
                            "metadata: {name: x}\n");
  const Call& call = CallTo(model, "backend");
  REQUIRE(call.layers.size() == 1);
  const Layer& layer = call.layers[0];
  CHECK(layer.tries == Tries::Of(6));
  CHECK(layer.provenance == Provenance::kMeshDefault);
  CHECK(layer.origin == "Kuma default MeshRetry mesh-retry-all-default");
  CHECK(layer.detail ==
        "Kuma default MeshRetry mesh-retry-all-default (created with mesh "
        "default unless skipCreatingInitialPolicies lists it): numRetries 5 "
        "(retries) = 6 tries, perTryTimeout 16s, requestTimeout 15s (Kuma "
        "default MeshTimeout mesh-timeout-all-default)");
  CHECK(layer.per_try_timeout == 16000);
  CHECK(layer.total_timeout == 15000);
  CHECK(layer.max_concurrent_retries == 3);
  CHECK(model.services[call.from].membership ==
        "Kuma: namespace kuma-demo label kuma.io/sidecar-injection=enabled "
        "(fleet.yaml:1)");
  bool assumed = false;
  for (const std::string& a : model.assumptions)
    assumed |= a.starts_with("Kuma mesh default: no Mesh resource");
  CHECK(assumed);
}

TEST_CASE("kuma: an explicit MeshRetry for the callee replaces the count") {
  Model model =
      ResolveYaml(std::string(kFleet) + R"(apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata: {name: backend-retry, namespace: kuma-system}
spec:
  targetRef: {kind: Mesh}
  to:
  - targetRef: {kind: MeshService, name: backend_kuma-demo_svc_80}
    default:
      http: {numRetries: 2}
)");
  const Call& call = CallTo(model, "backend");
  REQUIRE(call.layers.size() == 1);
  const Layer& layer = call.layers[0];
  CHECK(layer.tries == Tries::Of(3));
  CHECK(layer.provenance == Provenance::kExplicit);
  CHECK(layer.origin == "MeshRetry backend-retry");
  // perTryTimeout still comes from the default, a field below it.
  CHECK(layer.detail ==
        "MeshRetry backend-retry: numRetries 2 (retries) = 3 tries, "
        "perTryTimeout 16s, requestTimeout 15s (Kuma default MeshTimeout "
        "mesh-timeout-all-default)");
  CHECK(layer.location.ToString() == "fleet.yaml:30");
}

TEST_CASE("kuma: skipCreatingInitialPolicies leaves no layer") {
  Model model =
      ResolveYaml(std::string(kFleet) + R"(apiVersion: kuma.io/v1alpha1
kind: Mesh
metadata: {name: default}
spec: {skipCreatingInitialPolicies: ['*']}
)");
  const Call& call = CallTo(model, "backend");
  CHECK(call.layers.empty());
  CHECK(call.notes == std::vector<std::string>{
                          "no mesh retry layer: no MeshRetry in Kuma mesh "
                          "default applies to backend"});
}

TEST_CASE("kuma: a callee outside the mesh is passed through") {
  Model model = ResolveYaml(std::string(kFleet) + R"(apiVersion: v1
kind: Service
metadata: {name: legacy, namespace: other}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: caller, namespace: kuma-demo}
spec:
  template:
    spec:
      containers:
      - name: app
        env:
        - {name: LEGACY_URL, value: "http://legacy.other"}
)");
  const Call& call = CallTo(model, "legacy");
  CHECK(call.layers.empty());
  CHECK(call.notes ==
        std::vector<std::string>{
            "no mesh retry layer: legacy is not in Kuma mesh default; the "
            "sidecar passes the call through and no MeshRetry applies"});
}

}  // namespace
}  // namespace ampcheck
