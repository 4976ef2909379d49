// A static Envoy config (a bootstrap's static_resources, v3 or v2) as the
// calls it makes: each route's cluster (or weighted clusters), resolved to
// the cluster's endpoint addresses, with the retry layer Envoy puts on the
// route. Semantics: reference/mesh.md section 3 (Envoy
// config/route/v3/route_components.proto, config/cluster/v3/
// circuit_breaker.proto).
#ifndef AMPCHECK_EXTRACT_PROXIES_ENVOY_CONFIG_H_
#define AMPCHECK_EXTRACT_PROXIES_ENVOY_CONFIG_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/extract/kubernetes/yaml_documents.h"
#include "analyzer/facts/facts.h"
#include "analyzer/yaml/node.h"

namespace ampcheck {

// A retry_policy as written on a route or a virtual host.
struct EnvoyRetryPolicy {
  std::vector<std::string> retry_on;
  std::optional<long long> num_retries;
  std::optional<Millis> per_try_timeout;
  std::optional<Millis> base_interval;  // retry_back_off
  std::optional<Millis> max_interval;
  std::string where;  // "route", "virtual host backend"
  Location location;
};

// Tries of a route under its retry policy: 1 + num_retries, num_retries
// defaulting to 1, when a policy with retry_on applies; 1 without a policy
// or with an empty retry_on (Envoy then has no condition to retry on).
// RetryPolicy.num_retries: "Specifies the allowed number of retries. This
// parameter is optional and defaults to 1." (route_components.proto;
// reference/mesh.md section 3).
Tries EnvoyRouteTries(const std::optional<EnvoyRetryPolicy>& policy);

// The policy a route runs with: its own replaces its virtual host's, with no
// merging of fields (reference/mesh.md section 3).
const std::optional<EnvoyRetryPolicy>& EnvoyEffectivePolicy(
    const std::optional<EnvoyRetryPolicy>& route,
    const std::optional<EnvoyRetryPolicy>& virtual_host);

// True when the document is an Envoy bootstrap: a map with static_resources.
bool IsEnvoyBootstrap(const yaml::Node& root);

// Reads one bootstrap document; its problems are diagnostics at their lines.
// config->system, location and routes are set; config_map, ns and key are
// the caller's.
void ReadEnvoyBootstrap(const yaml::Node& root, const YamlView& view,
                        ProxyConfigFact* config,
                        std::vector<Diagnostic>* diagnostics);

// Every bootstrap in a YAML or JSON text whose first line is `first_line`
// of `file` (1 for a file of its own; the line after a ConfigMap key for its
// block value). YAML syntax errors are diagnosed when diagnose_syntax is set
// (the manifest reader already reports those of a .yaml file).
std::vector<ProxyConfigFact> ReadEnvoyConfigs(
    const std::string& file, std::string_view content, int first_line,
    bool diagnose_syntax, std::vector<Diagnostic>* diagnostics);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_PROXIES_ENVOY_CONFIG_H_
