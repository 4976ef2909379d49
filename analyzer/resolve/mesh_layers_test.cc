// Mesh layers worked out on several threads are those worked out on one.
#include <doctest/doctest.h>

#include <string>

#include "analyzer/resolve/manifest_resolve_test_support.h"

namespace ampcheck {
namespace {

// `services` services in two namespaces (one sidecar-injected, one ambient
// with a waypoint on every third Service), each calling the next four by env
// URL; VirtualServices with retries and routes to a subset, DestinationRules
// with a retry budget, a subset policy or portLevelSettings, and an
// EnvoyFilter MERGE (a diagnostic per callee).
std::string MeshFleet(int services) {
  std::string yaml =
      "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n"
      "  labels: {istio-injection: enabled}\n---\n"
      "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: amb\n"
      "  labels: {istio.io/dataplane-mode: ambient}\n---\n";
  auto ns_of = [](int i) { return i % 5 == 0 ? "amb" : "shop"; };
  for (int i = 0; i < services; ++i) {
    const std::string name = "svc-" + std::to_string(i);
    const std::string ns = ns_of(i);
    yaml += "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " + name +
            ", namespace: " + ns +
            "}\nspec:\n  selector: {matchLabels: {app: " + name +
            "}}\n  template:\n    metadata: {labels: {app: " + name +
            "}}\n    spec:\n      containers:\n      - name: app\n"
            "        env:\n";
    for (int k = 1; k <= 4 && i + k < services; ++k) {
      const int to = i + k;
      yaml += "        - {name: DEP" + std::to_string(k) +
              "_URL, value: \"http://svc-" + std::to_string(to) + "." +
              ns_of(to) + (k == 2 ? ":8080" : "") + "\"}\n";
    }
    yaml += "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: " + name +
            "\n  namespace: " + ns + "\n" +
            (i % 3 == 0 ? "  labels: {istio.io/use-waypoint: wp}\n" : "") +
            "spec: {selector: {app: " + name + "}}\n---\n";
    if (i % 4 == 1) {
      yaml +=
          "apiVersion: networking.istio.io/v1\nkind: VirtualService\n"
          "metadata: {name: " +
          name + ", namespace: " + ns + "}\nspec:\n  hosts: [" + name +
          "]\n  http:\n  - name: main\n    route:\n    - destination: "
          "{host: " +
          name +
          ", subset: v1}\n    retries: {attempts: " + std::to_string(i % 7) +
          ", perTryTimeout: 2s}\n---\n";
    }
    if (i % 6 == 2) {
      yaml +=
          "apiVersion: networking.istio.io/v1\nkind: DestinationRule\n"
          "metadata: {name: " +
          name + ", namespace: " + ns + "}\nspec:\n  host: " + name +
          "\n  trafficPolicy:\n    retryBudget: {percent: 25}\n"
          "    connectionPool: {http: {maxRetries: 7}}\n"
          "    portLevelSettings:\n    - port: {number: 8080}\n"
          "      connectionPool: {http: {maxRetries: 3}}\n"
          "  subsets:\n  - name: v1\n    trafficPolicy:\n"
          "      connectionPool: {http: {maxRetries: 5}}\n---\n";
    }
    if (i % 9 == 4) {
      yaml +=
          "apiVersion: networking.istio.io/v1alpha3\nkind: EnvoyFilter\n"
          "metadata: {name: " +
          name + ", namespace: " + ns +
          "}\nspec:\n  workloadSelector: {labels: {app: " + name +
          "}}\n  configPatches:\n  - applyTo: CLUSTER\n    match: "
          "{cluster: {service: " +
          name + "." + ns +
          ".svc.cluster.local}}\n    patch:\n      operation: MERGE\n"
          "      value:\n        circuit_breakers:\n          "
          "thresholds:\n          - retry_budget: {budget_percent: "
          "{value: 10}}\n---\n";
    }
  }
  return yaml;
}

// Every call's layers and notes, and the diagnostics, as text.
std::string Describe(const Model& model) {
  std::string out;
  for (const Call& call : model.calls) {
    out += model.services[call.from].Key() + " -> " +
           model.services[call.to].Key() + "\n";
    for (const Layer& layer : call.layers) {
      out +=
          "  " + layer.detail + " | " + layer.tries.ToString() + " | " +
          layer.origin + " | " + layer.location.ToString() + " | budget " +
          (layer.budget_percent ? std::to_string(*layer.budget_percent) : "-") +
          " | cap " +
          (layer.max_concurrent_retries
               ? std::to_string(*layer.max_concurrent_retries)
               : "-") +
          "\n";
      for (const Evidence& e : layer.evidence)
        out += "    " + e.location.ToString() + " " + e.detail + "\n";
    }
    for (const std::string& note : call.notes) out += "  note " + note + "\n";
  }
  for (const Diagnostic& d : model.diagnostics)
    out += d.location.ToString() + " " + d.message + "\n";
  return out;
}

TEST_CASE(
    "mesh layers: two threads give the layers, notes and diagnostics "
    "of one") {
  // Over 8 blocks of 512 calls, so that the calls are split.
  const std::string yaml = MeshFleet(1500);
  for (const char* version : {"1.26", "1.28", "1.31"}) {
    CAPTURE(version);
    ResolveOptions one{version, 1};
    ResolveOptions two{version, 2};
    Model serial = ResolveYaml(yaml, one);
    Model threaded = ResolveYaml(yaml, two);
    REQUIRE(serial.calls.size() > 8 * 512);
    size_t budgets = 0, waypoints = 0, notes = 0, evidence = 0;
    for (const Call& call : serial.calls) {
      notes += call.notes.size();
      for (const Layer& layer : call.layers) {
        budgets += layer.budget_percent.has_value();
        evidence += layer.evidence.size();
        waypoints +=
            layer.detail.find(", applied by waypoint") != std::string::npos;
      }
    }
    // The fleet reaches the branches it is meant to: calls without a
    // waypoint get notes, some calls a waypoint, and budgets, diagnostics
    // and evidence appear.
    CHECK(notes > 0);
    CHECK(waypoints > 0);
    CHECK(evidence > serial.calls.size() / 4);
    CHECK(!serial.diagnostics.empty());
    if (std::string(version) != "1.26") CHECK(budgets > 0);
    CHECK(Describe(threaded) == Describe(serial));
  }
}

}  // namespace
}  // namespace ampcheck
