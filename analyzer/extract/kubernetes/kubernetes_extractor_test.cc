#include "analyzer/extract/kubernetes/kubernetes_extractor.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

FileFacts Extract(const std::string& yaml,
                  const std::string& path = "in.yaml") {
  KubernetesExtractor extractor;
  FileFacts facts;
  facts.file = path;
  extractor.Extract({path, "yaml", yaml}, &facts);
  return facts;
}

TEST_CASE(
    "workloads of every kind: env, configMapKeyRef, envFrom, volumes, "
    "annotations") {
  FileFacts facts = Extract(R"(apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly, namespace: ops, annotations: {ampcheck.io/max-tries: "3"}}
spec:
  jobTemplate:
    spec:
      template:
        metadata:
          labels: {app: nightly}
          annotations: {sidecar.istio.io/inject: "false"}
        spec:
          containers:
          - name: job
            image: registry.example.com/ops/nightly:1
            env:
            - {name: REPORTS_URL, value: "http://reports"}
            - name: LEDGER_HOST
              valueFrom: {configMapKeyRef: {name: hosts, key: ledger}}
            envFrom: [{configMapRef: {name: common}}]
          volumes: [{name: cfg, configMap: {name: app-config}}]
)");
  REQUIRE(facts.workloads.size() == 1);
  const WorkloadFact& w = facts.workloads[0];
  CHECK(w.kind == "CronJob");
  CHECK(w.ns == "ops");
  CHECK(w.labels.at("app") == "nightly");
  CHECK(w.annotations.at("sidecar.istio.io/inject") == "false");
  CHECK(w.annotations.at("ampcheck.io/max-tries") == "3");
  REQUIRE(w.env.size() == 2);
  CHECK(*w.env[0].value == "http://reports");
  CHECK(w.env[0].location.line == 16);
  CHECK(w.env[1].config_map == "hosts");
  CHECK(w.env[1].config_map_key == "ledger");
  CHECK(w.env_from_config_maps[0].first == "common");
  CHECK(w.volume_config_maps[0].first == "app-config");
  CHECK(w.images[0] == "registry.example.com/ops/nightly:1");
}

TEST_CASE("kind: List items and every networking.istio.io version") {
  FileFacts facts = Extract(R"(apiVersion: v1
kind: List
items:
- apiVersion: networking.istio.io/v1alpha3
  kind: VirtualService
  metadata: {name: a}
  spec: {hosts: [a], http: [{route: [{destination: {host: a}}], retries: {attempts: 4}}]}
- apiVersion: networking.istio.io/v1beta1
  kind: VirtualService
  metadata: {name: b}
  spec: {hosts: [b], http: [{route: [{destination: {host: b, subset: v2, port: {number: 81}}}]}]}
- apiVersion: networking.istio.io/v1
  kind: Gateway
  metadata: {name: gw, namespace: edge}
- apiVersion: v1
  kind: Secret
  metadata: {name: ignored}
)");
  REQUIRE(facts.virtual_services.size() == 2);
  CHECK(*facts.virtual_services[0].routes[0].retries->attempts == 4);
  CHECK_FALSE(facts.virtual_services[1].routes[0].retries.has_value());
  CHECK(facts.virtual_services[1].routes[0].destinations[0].subset == "v2");
  CHECK(facts.virtual_services[1].routes[0].destinations[0].port == 81);
  CHECK(facts.gateways[0].ns == "edge");
  CHECK(facts.skipped_documents == 1);
  CHECK(facts.diagnostics.empty());
}

TEST_CASE(
    "mesh config from IstioOperator and from the istio ConfigMap, with lines") {
  FileFacts operator_facts = Extract(R"(apiVersion: install.istio.io/v1alpha1
kind: IstioOperator
metadata: {name: control-plane}
spec:
  meshConfig:
    defaultHttpRetryPolicy:
      attempts: 0
)");
  REQUIRE(operator_facts.mesh_configs.size() == 1);
  CHECK(*operator_facts.mesh_configs[0].default_http_retry_policy->attempts ==
        0);
  CHECK(
      operator_facts.mesh_configs[0].default_http_retry_policy->location.line ==
      7);

  FileFacts config_map = Extract(R"(apiVersion: v1
kind: ConfigMap
metadata: {name: istio, namespace: istio-system}
data:
  mesh: |
    defaultHttpRetryPolicy:
      attempts: 1
      perTryTimeout: 2s
)");
  REQUIRE(config_map.mesh_configs.size() == 1);
  const RetryPolicyFact& policy =
      *config_map.mesh_configs[0].default_http_retry_policy;
  CHECK(*policy.attempts == 1);
  CHECK(*policy.per_try_timeout == 2000);
  CHECK(policy.location.line == 7);
}

TEST_CASE(
    "DestinationRule budgets, subsets and port-level settings, EnvoyFilter "
    "patches") {
  FileFacts facts = Extract(R"(apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata: {name: r}
spec:
  host: reviews
  trafficPolicy:
    retryBudget: {percent: {value: 15}}
    connectionPool: {http: {maxRetries: 4}}
    portLevelSettings:
    - port: {number: 9080}
      connectionPool: {http: {maxRetries: 8}}
  subsets:
  - name: v2
    trafficPolicy: {connectionPool: {http: {maxRetries: 1}}}
---
apiVersion: networking.istio.io/v1alpha3
kind: EnvoyFilter
metadata: {name: budget}
spec:
  configPatches:
  - applyTo: CLUSTER
    match: {context: SIDECAR_OUTBOUND, cluster: {service: reviews.default.svc.cluster.local}}
    patch:
      operation: MERGE_AND_REPLACE_LIST
      value:
        circuit_breakers:
          thresholds:
          - {max_retries: 9, retry_budget: {budget_percent: {value: 25}, min_retry_concurrency: 3}}
)");
  REQUIRE(facts.destination_rules.size() == 1);
  const DestinationRuleFact& dr = facts.destination_rules[0];
  CHECK(dr.policy->has_budget);
  CHECK(*dr.policy->budget_percent == 15);
  CHECK(*dr.policy->max_retries == 4);
  CHECK(dr.port_level[0].first == 9080);
  CHECK_FALSE(dr.port_level[0].second.has_budget);
  CHECK(dr.subsets[0].first == "v2");
  CHECK_FALSE(dr.subsets[0].second->has_budget);
  REQUIRE(facts.envoy_filters.size() == 1);
  CHECK(facts.envoy_filters[0].operation == "MERGE_AND_REPLACE_LIST");
  CHECK(*facts.envoy_filters[0].budget_percent == 25);
  CHECK(*facts.envoy_filters[0].max_retries == 9);
}

TEST_CASE("an unrendered template is diagnosed only in a manifest") {
  FileFacts manifest = Extract(
      "apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Values.name }}\n");
  REQUIRE(manifest.diagnostics.size() == 1);
  CHECK(manifest.diagnostics[0].location.ToString() == "in.yaml:4");
  FileFacts workflow = Extract(
      "on: push\njobs: {x: {steps: [{run: 'echo {{ matrix.os }}'}]}}\n");
  CHECK(workflow.diagnostics.empty());
  CHECK(workflow.skipped_documents == 1);
}

TEST_CASE("YAML of other kinds is counted as skipped, never diagnosed") {
  // Istio's releasenotes/notes/*.yaml, a GitHub workflow, a GitLab CI file, a
  // compose file, Helm's Chart.yaml and values.yaml, an OpenAPI document.
  FileFacts facts = Extract(R"(apiVersion: release-notes/v2
kind: bug-fix
area: traffic-management
releaseNotes:
- Fixed retries.
---
name: ci
on: [push]
jobs: {build: {runs-on: ubuntu-latest, steps: [{run: make}]}}
---
stages: [build]
build: {script: [make], image: {name: gcc}}
---
services: {web: {image: nginx, environment: {KIND: Service}}}
---
apiVersion: v2
name: shop
type: application
---
replicaCount: 1
service: {type: ClusterIP, port: 80}
---
openapi: 3.0.0
info: {title: orders, version: "1"}
)");
  CHECK(facts.diagnostics.empty());
  CHECK(facts.skipped_documents == 7);
}

TEST_CASE("a resource without a name is diagnosed, a generated name is one") {
  FileFacts facts = Extract(R"(apiVersion: v1
kind: Service
metadata: {namespace: shop}
---
apiVersion: batch/v1
kind: Job
metadata: {generateName: migrate-}
spec: {template: {spec: {containers: [{name: m, image: m}]}}}
)");
  REQUIRE(facts.diagnostics.size() == 1);
  CHECK(facts.diagnostics[0].location.ToString() == "in.yaml:1");
  CHECK(facts.diagnostics[0].message ==
        "Service without metadata.name; ignored");
  REQUIRE(facts.workloads.size() == 1);
  CHECK(facts.workloads[0].name == "migrate-");
}

TEST_CASE(
    "kustomization files and Components are kustomize files, not errors") {
  FileFacts named = Extract("resources: [deployment.yaml]\n",
                            "deploy/base/kustomization.yaml");
  CHECK(named.kind == "kustomize");
  CHECK(named.diagnostics.empty());
  CHECK(named.skipped_documents == 0);
  FileFacts component = Extract(R"(apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component
patches: [{path: patch.yaml}]
)",
                                "components/cache/component.yaml");
  CHECK(component.kind == "kustomize");
  CHECK(component.diagnostics.empty());
  CHECK(component.skipped_documents == 0);
}

TEST_CASE("kinds whose retries are not read yet are a warning with file:line") {
  FileFacts facts = Extract(R"(apiVersion: v1
kind: Namespace
metadata: {name: shop}
---
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: orders, namespace: shop}
spec:
  retry: {attempts: 4, initialInterval: 100ms}
)");
  REQUIRE(facts.diagnostics.size() == 1);
  const Diagnostic& d = facts.diagnostics[0];
  CHECK(d.location.ToString() == "in.yaml:5");
  CHECK(d.severity == Severity::kWarning);
  CHECK(d.message ==
        "Middleware shop/orders: Traefik Middleware is not analysed; its "
        "retry and timeout settings are not counted");
  CHECK(facts.skipped_documents == 0);
}

TEST_CASE(
    "Argo Rollouts and OpenKruise CloneSets are workloads like a Deployment") {
  FileFacts facts = Extract(R"(apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: orders, namespace: shop}
spec:
  strategy: {canary: {steps: [{setWeight: 20}]}}
  template:
    metadata: {labels: {app: orders}}
    spec:
      containers:
      - name: orders
        image: shop/orders:1
        env: [{name: PAYMENTS_URL, value: "http://payments"}]
---
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: {name: cart}
spec: {template: {metadata: {labels: {app: cart}}, spec: {containers: [{name: c, image: cart}]}}}
---
apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: web}
spec: {workloadRef: {apiVersion: apps/v1, kind: Deployment, name: web}}
---
apiVersion: example.com/v1
kind: CloneSet
metadata: {name: other}
spec: {template: {metadata: {labels: {app: other}}}}
)");
  REQUIRE(facts.workloads.size() == 2);
  const WorkloadFact& rollout = facts.workloads[0];
  CHECK(rollout.kind == "Rollout");
  CHECK(rollout.ns == "shop");
  CHECK(rollout.labels.at("app") == "orders");
  REQUIRE(rollout.env.size() == 1);
  CHECK(rollout.env[0].location.ToString() == "in.yaml:12");
  CHECK(facts.workloads[1].kind == "CloneSet");
  CHECK(facts.workloads[1].labels.at("app") == "cart");
  // The workloadRef Rollout and the CloneSet of another group.
  CHECK(facts.skipped_documents == 2);
  CHECK(facts.diagnostics.empty());
}

}  // namespace
}  // namespace ampcheck
