#include "analyzer/extract/mesh/kuma_extractor.h"

#include <doctest/doctest.h>

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"

namespace ampcheck {
namespace {

FileFacts Extract(const std::string& yaml) {
  KubernetesExtractor extractor;
  FileFacts facts;
  facts.file = "kuma.yaml";
  extractor.Extract({"kuma.yaml", "yaml", yaml}, &facts);
  return facts;
}

TEST_CASE("kuma: MeshRetry to[] entries, MeshTimeout and Mesh") {
  FileFacts facts = Extract(R"(apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata:
  name: payments-retry
  namespace: kuma-system
  labels: {kuma.io/mesh: shop}
spec:
  targetRef: {kind: MeshService, name: web}
  to:
  - targetRef: {kind: MeshService, name: payments, namespace: kuma-demo}
    default:
      http:
        numRetries: 2
        perTryTimeout: 1s
        backOff: {baseInterval: 50ms, maxInterval: 1s}
        retryOn: [5xx, reset]
---
apiVersion: kuma.io/v1alpha1
kind: MeshTimeout
metadata: {name: t, namespace: kuma-system}
spec:
  targetRef: {kind: Mesh}
  to:
  - targetRef: {kind: Mesh}
    default:
      http: {requestTimeout: 4s}
---
apiVersion: kuma.io/v1alpha1
kind: Mesh
metadata: {name: strict}
spec:
  skipCreatingInitialPolicies: [MeshRetry]
)");
  CHECK(facts.diagnostics.empty());
  REQUIRE(facts.kuma_policies.size() == 2);
  const KumaPolicyFact& retry = facts.kuma_policies[0];
  CHECK(retry.kind == "MeshRetry");
  CHECK(retry.mesh == "shop");
  CHECK(retry.target_kind == "MeshService");
  CHECK(retry.target_name == "web");
  REQUIRE(retry.to.size() == 1);
  const KumaToFact& to = retry.to[0];
  CHECK(to.target_kind == "MeshService");
  CHECK(to.target_name == "payments");
  CHECK(to.target_namespace == "kuma-demo");
  CHECK(to.num_retries == 2);
  CHECK(to.per_try_timeout == 1000);
  CHECK(to.backoff_base == 50);
  CHECK(to.backoff_max == 1000);
  CHECK(to.retry_on == std::vector<std::string>{"5xx", "reset"});
  CHECK(to.location.line == 13);
  const KumaPolicyFact& timeout = facts.kuma_policies[1];
  CHECK(timeout.mesh == "default");
  REQUIRE(timeout.to.size() == 1);
  CHECK(timeout.to[0].request_timeout == 4000);
  REQUIRE(facts.kuma_meshes.size() == 1);
  CHECK(facts.kuma_meshes[0].name == "strict");
  CHECK(facts.kuma_meshes[0].skip_initial_policies ==
        std::vector<std::string>{"MeshRetry"});
}

TEST_CASE("kuma: malformed values are warnings at their line") {
  FileFacts facts = Extract(R"(apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata: {name: r}
spec:
  to:
  - targetRef: {kind: Mesh}
    default:
      http:
        numRetries: five
        perTryTimeout: "16"
)");
  REQUIRE(facts.diagnostics.size() == 2);
  CHECK(facts.diagnostics[0].location.ToString() == "kuma.yaml:9");
  CHECK(facts.diagnostics[0].message ==
        "MeshRetry r: http.numRetries is not a retry count: 'five'; ignored");
  CHECK(facts.diagnostics[1].message ==
        "MeshRetry r: http.perTryTimeout is not a duration: '16'; ignored");
  REQUIRE(facts.kuma_policies.size() == 1);
  CHECK(facts.kuma_policies[0].target_kind == "Mesh");  // no targetRef
  CHECK_FALSE(facts.kuma_policies[0].to[0].num_retries.has_value());
}

}  // namespace
}  // namespace ampcheck
