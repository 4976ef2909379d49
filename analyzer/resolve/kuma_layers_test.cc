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

// Merge order: policies by top-level kind, then name; within one, its to[]
// entries in order; a MeshService named plainly or by its legacy tag; the
// initial MeshRetry read as written; kuma.io/mesh from the pod template.
constexpr const char kMergeFleet[] = R"(apiVersion: v1
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
    metadata:
      annotations: {kuma.io/mesh: payments}
    spec:
      containers:
      - name: app
        env:
        - {name: BACKEND_URL, value: "http://backend"}
        - {name: LEDGER_URL, value: "http://ledger"}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: backend, namespace: kuma-demo}
spec:
  template:
    metadata:
      annotations: {kuma.io/mesh: payments}
---
apiVersion: v1
kind: Service
metadata: {name: backend, namespace: kuma-demo}
---
apiVersion: v1
kind: Service
metadata: {name: ledger, namespace: kuma-demo}
---
apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata:
  name: mesh-retry-all-default
  namespace: kuma-system
  labels: {kuma.io/mesh: payments}
spec:
  targetRef: {kind: Mesh}
  to:
  - targetRef: {kind: Mesh}
    default:
      http: {numRetries: 7}
---
apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata:
  name: b-backend
  namespace: kuma-system
  labels: {kuma.io/mesh: payments}
spec:
  targetRef: {kind: Mesh}
  to:
  - targetRef: {kind: MeshService, name: backend_kuma-demo_svc_80}
    default:
      http: {numRetries: 1, perTryTimeout: 2s}
---
apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata:
  name: a-all
  namespace: kuma-system
  labels: {kuma.io/mesh: payments}
spec:
  targetRef: {kind: Mesh}
  to:
  - targetRef: {kind: MeshService, name: backend, namespace: kuma-demo}
    default:
      http: {numRetries: 3}
  - targetRef: {kind: Mesh}
    default:
      http: {numRetries: 4, retryOn: [5xx]}
---
apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata:
  name: c-service-scoped
  namespace: kuma-system
  labels: {kuma.io/mesh: payments}
spec:
  targetRef: {kind: MeshService, name: demo-app}
  to:
  - targetRef: {kind: MeshService, name: backend}
    default:
      http: {numRetries: 2}
)";

TEST_CASE("kuma: policies merge in Kuma's order, each entry in its place") {
  Model model = ResolveYaml(kMergeFleet);
  const Call& backend = CallTo(model, "backend");
  REQUIRE(backend.layers.size() == 1);
  const Layer& layer = backend.layers[0];
  CHECK(layer.tries == Tries::Of(3));
  CHECK(layer.origin == "MeshRetry c-service-scoped");
  std::vector<std::string> evidence;
  for (const Evidence& e : layer.evidence) evidence.push_back(e.detail);
  CHECK(evidence ==
        std::vector<std::string>{
            "MeshRetry a-all to MeshService backend: numRetries 3",
            "MeshRetry a-all to Mesh: numRetries 4, retryOn 5xx",
            "MeshRetry b-backend to MeshService backend_kuma-demo_svc_80: "
            "numRetries 1, perTryTimeout 2s",
            "MeshRetry mesh-retry-all-default to Mesh: numRetries 7",
            "MeshRetry c-service-scoped to MeshService backend: numRetries 2",
            "Kuma default MeshCircuitBreaker "
            "mesh-circuit-breaker-all-default: maxRetries 3 (concurrent "
            "retries, not tries)"});
  CHECK(layer.per_try_timeout == 2000);
  CHECK(CallTo(model, "ledger").notes ==
        std::vector<std::string>{
            "no mesh retry layer: ledger is not in Kuma mesh payments; the "
            "sidecar passes the call through and no MeshRetry applies"});
}

}  // namespace
}  // namespace ampcheck
