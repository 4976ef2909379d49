// Envoy static configs end to end: a ConfigMap mounted by a workload makes
// that workload the caller of each route's upstream.
#include "analyzer/resolve/envoy_layers.h"

#include <doctest/doctest.h>

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/extract/proxies/envoy_extractor.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

Model ResolveYaml(
    const std::vector<std::pair<std::string, std::string>>& files) {
  ExtractorSet set;
  set.Add(std::make_unique<KubernetesExtractor>());
  set.Add(std::make_unique<EnvoyExtractor>());
  std::vector<FileFacts> facts;
  for (const auto& [path, content] : files)
    facts.push_back(set.ExtractFile({path, "yaml", content}));
  Policy policy;
  return Resolve(facts, policy, {});
}

constexpr const char* kFleet = R"(apiVersion: v1
kind: Service
metadata: {name: orders}
spec: {selector: {app: orders}, ports: [{port: 8080}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: front-envoy}
spec:
  template:
    metadata: {labels: {app: front-envoy}}
    spec:
      containers: [{name: envoy, image: envoyproxy/envoy:v1.31.0}]
      volumes:
      - name: config
        configMap: {name: envoy-config}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: envoy-config}
data:
  envoy.yaml: |
    static_resources:
      listeners:
      - filter_chains:
        - filters:
          - typed_config:
              route_config:
                virtual_hosts:
                - name: api
                  routes:
                  - match: {prefix: "/"}
                    route:
                      cluster: orders
                      retry_policy: {retry_on: 5xx, num_retries: 3}
      clusters:
      - name: orders
        load_assignment:
          endpoints:
          - lb_endpoints:
            - endpoint: {address: {socket_address: {address: orders, port_value: 8080}}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: unused-envoy}
data:
  envoy.yaml: |
    static_resources: {}
)";

TEST_CASE("envoy: a mounted ConfigMap's routes are the workload's calls") {
  Model model = ResolveYaml({{"fleet.yaml", kFleet}});
  std::vector<std::string> messages;
  for (const Diagnostic& d : model.diagnostics)
    messages.push_back(d.location.ToString() + " " + d.message);
  CHECK(messages == std::vector<std::string>{
                        "fleet.yaml:48 Envoy config in ConfigMap unused-envoy "
                        "key envoy.yaml: no workload in the inputs mounts the "
                        "ConfigMap; its routes are not analysed"});
  REQUIRE(model.calls.size() == 1);
  const Call& call = model.calls[0];
  CHECK(model.services[call.from].name == "front-envoy");
  CHECK(model.services[call.to].name == "orders");
  REQUIRE(call.evidence.size() == 1);
  CHECK(call.evidence[0].location == Location{"fleet.yaml", 32});
  CHECK(call.evidence[0].detail ==
        "Envoy route api/routes[0] (prefix /) -> cluster orders, endpoint "
        "orders:8080 (fleet.yaml:41) (ConfigMap envoy-config key envoy.yaml, "
        "mounted by Deployment front-envoy at fleet.yaml:15)");
  REQUIRE(call.layers.size() == 1);  // no mesh: no sidecar, no Istio default
  CHECK(call.layers[0].tries == Tries::Of(4));
  CHECK(call.layers[0].location == Location{"fleet.yaml", 35});
}

}  // namespace
}  // namespace ampcheck
