#include "analyzer/extract/proxies/envoy_config.h"

#include <map>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/manifest.h"

namespace ampcheck {
namespace {

// Envoy's defaults (reference/mesh.md section 3).
constexpr Millis kDefaultRouteTimeout = 15000;  // RouteAction.timeout
constexpr Millis kDefaultBaseInterval = 25;     // retry_back_off
constexpr double kDefaultBudgetPercent = 20;    // RetryBudget.budget_percent
constexpr long long kDefaultMinRetryConcurrency = 3;
constexpr long long kDefaultMaxRetries = 3;  // Thresholds.max_retries
// How deep the search for route_config goes inside a listener.
constexpr int kMaxListenerDepth = 12;

struct Endpoint {
  std::string address;
  std::string port;  // "" when absent or not a number
  Location location;
};

struct Cluster {
  std::vector<Endpoint> endpoints;
  std::string type;  // STRICT_DNS, EDS, ...
  // The first DEFAULT-priority thresholds entry: only it counts.
  bool has_budget = false;
  std::optional<double> budget_percent;
  std::optional<long long> min_retry_concurrency;
  std::optional<long long> max_retries;
  Location thresholds_at;
  Location location;
};

class Reader {
 public:
  Reader(const YamlView& view, std::vector<Diagnostic>* diagnostics)
      : view_(view), diagnostics_(diagnostics) {}

  void Read(const yaml::Node& root, ProxyConfigFact* config) {
    config->system = "Envoy";
    config->location = view_.At(root);
    yaml::Node resources = Child(root, "static_resources");
    if (!resources.IsMap()) {
      Warn(resources, "static_resources is not a map; config not read");
      return;
    }
    ReadClusters(Child(resources, "clusters"));
    yaml::Node listeners = Child(resources, "listeners");
    if (listeners.IsDefined() && !listeners.IsSequence()) {
      Warn(listeners, "static_resources.listeners is not a list; not read");
      return;
    }
    if (!listeners.IsSequence()) return;
    for (const yaml::Node& listener : listeners)
      FindRouteConfigs(listener, 0, config);
  }

 private:
  void Warn(const yaml::Node& at, const std::string& message,
            Severity severity = Severity::kWarning) {
    diagnostics_->push_back({view_.At(at), "Envoy: " + message, severity});
  }

  // "3" or {value: 3} (a protobuf wrapper in YAML).
  std::optional<long long> Integer(const yaml::Node& node,
                                   const std::string& what,
                                   const std::string& fallback) {
    yaml::Node value = node.IsMap() ? Child(node, "value") : node;
    long long n = 0;
    auto text = YamlView::Scalar(value);
    if (text && ParseInt(*text, &n) && n >= 0) return n;
    Warn(node, what + " '" + (text ? *text : "?") +
                   "' is not a non-negative integer; read as " + fallback);
    return std::nullopt;
  }

  // "0.25s", "15s", or {seconds: 1, nanos: 500000000}.
  std::optional<Millis> Duration(const yaml::Node& node,
                                 const std::string& what,
                                 const std::string& fallback) {
    if (auto text = YamlView::Scalar(node)) {
      if (auto ms = ParseDuration(Trim(*text))) return ms;
    } else if (node.IsMap()) {
      long long seconds = 0, nanos = 0;
      auto s = YamlView::Scalar(Child(node, "seconds"));
      auto n = YamlView::Scalar(Child(node, "nanos"));
      if ((s || n) && (!s || ParseInt(*s, &seconds)) &&
          (!n || ParseInt(*n, &nanos)) && seconds >= 0 && nanos >= 0 &&
          seconds < 1000000000LL) {
        return seconds * 1000 + nanos / 1000000;
      }
    }
    auto text = YamlView::Scalar(node);
    Warn(node, what + " '" + (text ? *text : "?") +
                   "' is not a duration; read as " + fallback);
    return std::nullopt;
  }

  void ReadClusters(const yaml::Node& clusters) {
    if (!clusters.IsDefined()) return;
    if (!clusters.IsSequence()) {
      Warn(clusters, "static_resources.clusters is not a list; not read");
      return;
    }
    for (const yaml::Node& node : clusters) {
      std::string name = YamlView::String(node, "name");
      if (name.empty()) {
        Warn(node, "a cluster without a name; not read");
        continue;
      }
      Cluster& cluster = clusters_[name];
      cluster.location = view_.At(node);
      cluster.type = YamlView::String(node, "type");
      ReadEndpoints(node, &cluster);
      ReadThresholds(Child(Child(node, "circuit_breakers"), "thresholds"),
                     &cluster);
    }
  }

  void AddEndpoint(const yaml::Node& address, Cluster* cluster) {
    yaml::Node socket = Child(address, "socket_address");
    std::string host = YamlView::String(socket, "address");
    if (host.empty()) return;
    long long port = 0;
    std::string port_text = YamlView::String(socket, "port_value");
    cluster->endpoints.push_back(
        {host, ParseInt(port_text, &port) ? port_text : "", view_.At(socket)});
  }

  void ReadEndpoints(const yaml::Node& node, Cluster* cluster) {
    yaml::Node endpoints = Child(Child(node, "load_assignment"), "endpoints");
    if (endpoints.IsSequence()) {
      for (const yaml::Node& locality : endpoints) {
        yaml::Node lb = Child(locality, "lb_endpoints");
        if (!lb.IsSequence()) continue;
        for (const yaml::Node& endpoint : lb)
          AddEndpoint(Child(Child(endpoint, "endpoint"), "address"), cluster);
      }
    }
    yaml::Node hosts = Child(node, "hosts");  // v2 API
    if (hosts.IsSequence()) {
      for (const yaml::Node& host : hosts) AddEndpoint(host, cluster);
    }
  }

  void ReadThresholds(const yaml::Node& thresholds, Cluster* cluster) {
    if (!thresholds.IsSequence()) return;
    for (const yaml::Node& entry : thresholds) {
      std::string priority = YamlView::String(entry, "priority");
      if (!priority.empty() && priority != "DEFAULT") continue;
      cluster->thresholds_at = view_.At(entry);
      yaml::Node budget = Child(entry, "retry_budget");
      if (budget.IsDefined()) {
        cluster->has_budget = true;
        yaml::Node percent = Child(Child(budget, "budget_percent"), "value");
        if (auto text = YamlView::Scalar(percent)) {
          try {
            double value = std::stod(*text);
            if (value >= 0) cluster->budget_percent = value;
          } catch (const std::exception&) {
          }
          if (!cluster->budget_percent) {
            Warn(percent, "retry_budget budget_percent '" + *text +
                              "' is not a percentage; read as Envoy's "
                              "default 20%");
          }
        }
        yaml::Node min = Child(budget, "min_retry_concurrency");
        if (min.IsDefined())
          cluster->min_retry_concurrency =
              Integer(min, "min_retry_concurrency", "Envoy's default 3");
      }
      yaml::Node max = Child(entry, "max_retries");
      if (max.IsDefined())
        cluster->max_retries = Integer(max, "max_retries", "Envoy's default 3");
      return;  // Envoy reads the first entry per priority only
    }
  }

  std::optional<EnvoyRetryPolicy> Policy(const yaml::Node& node,
                                         const std::string& where) {
    if (!node.IsDefined()) return std::nullopt;
    EnvoyRetryPolicy policy;
    policy.where = where;
    policy.location = view_.At(node);
    if (!node.IsMap()) {
      Warn(node, "retry_policy of the " + where +
                     " is not a map; read as a policy with Envoy's defaults");
      return policy;
    }
    for (const std::string& condition :
         Split(YamlView::String(node, "retry_on"), ',')) {
      if (!Trim(condition).empty()) policy.retry_on.push_back(Trim(condition));
    }
    yaml::Node retries = Child(node, "num_retries");
    if (retries.IsDefined())
      policy.num_retries =
          Integer(retries, "retry_policy num_retries", "Envoy's default 1");
    yaml::Node per_try = Child(node, "per_try_timeout");
    if (per_try.IsDefined())
      policy.per_try_timeout =
          Duration(per_try, "per_try_timeout", "not set (the route timeout)");
    yaml::Node back_off = Child(node, "retry_back_off");
    if (back_off.IsMap()) {
      yaml::Node base = Child(back_off, "base_interval");
      if (base.IsDefined())
        policy.base_interval =
            Duration(base, "retry_back_off base_interval", "25ms");
      yaml::Node max = Child(back_off, "max_interval");
      if (max.IsDefined())
        policy.max_interval =
            Duration(max, "retry_back_off max_interval", "10 x base_interval");
    }
    return policy;
  }

  // route_config may sit at any depth of a listener (filter_chains ->
  // filters -> typed_config, or config in the v2 API).
  void FindRouteConfigs(const yaml::Node& node, int depth,
                        ProxyConfigFact* config) {
    if (depth > kMaxListenerDepth) return;
    if (node.IsSequence()) {
      for (const yaml::Node& item : node)
        FindRouteConfigs(item, depth + 1, config);
      return;
    }
    if (!node.IsMap()) return;
    for (auto it = node.begin(); it != node.end(); ++it) {
      auto key = YamlView::Scalar(it->first);
      if (!key) continue;
      if (*key == "route_config") {
        ReadRouteConfig(it->second, config);
      } else if (*key == "rds") {
        Warn(it->second,
             "routes from RDS (rds) are discovered at run time and not read; "
             "the calls through this listener are not analysed");
      } else {
        FindRouteConfigs(it->second, depth + 1, config);
      }
    }
  }

  void ReadRouteConfig(const yaml::Node& route_config,
                       ProxyConfigFact* config) {
    yaml::Node hosts = Child(route_config, "virtual_hosts");
    if (!hosts.IsSequence()) {
      if (hosts.IsDefined())
        Warn(hosts, "route_config virtual_hosts is not a list; not read");
      return;
    }
    for (const yaml::Node& host : hosts) {
      std::string name = YamlView::String(host, "name");
      auto host_policy =
          Policy(Child(host, "retry_policy"), "virtual host " + name);
      yaml::Node routes = Child(host, "routes");
      if (!routes.IsSequence()) {
        if (routes.IsDefined())
          Warn(routes, "virtual host " + name + " routes is not a list");
        continue;
      }
      int index = 0;
      for (const yaml::Node& route : routes) {
        ReadRoute(route, name, index++, host_policy, config);
      }
    }
  }

  static std::string RouteName(const yaml::Node& route, const std::string& host,
                               int index) {
    std::string name = YamlView::String(route, "name");
    if (!name.empty()) return host + "/" + name;
    yaml::Node match = Child(route, "match");
    for (const char* kind :
         {"prefix", "path", "safe_regex", "path_separated_prefix"}) {
      if (auto value = YamlView::Scalar(Child(match, kind)))
        return host + "/routes[" + std::to_string(index) + "] (" + kind + " " +
               *value + ")";
    }
    return host + "/routes[" + std::to_string(index) + "]";
  }

  void ReadRoute(const yaml::Node& route, const std::string& host, int index,
                 const std::optional<EnvoyRetryPolicy>& host_policy,
                 ProxyConfigFact* config) {
    yaml::Node action = Child(route, "route");
    if (!action.IsMap()) return;  // a redirect or direct response
    std::string name = RouteName(route, host, index);
    auto route_policy = Policy(Child(action, "retry_policy"), "route");
    const std::optional<EnvoyRetryPolicy>& policy =
        EnvoyEffectivePolicy(route_policy, host_policy);
    std::optional<Millis> timeout = kDefaultRouteTimeout;
    bool timeout_default = true;
    yaml::Node timeout_node = Child(action, "timeout");
    if (timeout_node.IsDefined()) {
      if (auto ms =
              Duration(timeout_node, "route timeout", "Envoy's default 15s")) {
        timeout = *ms;
        timeout_default = false;
      }
    }
    std::vector<std::pair<std::string, std::string>> targets;  // cluster, how
    if (auto cluster = YamlView::Scalar(Child(action, "cluster"))) {
      targets.push_back({*cluster, "cluster " + *cluster});
    }
    yaml::Node weighted = Child(Child(action, "weighted_clusters"), "clusters");
    if (weighted.IsSequence()) {
      for (const yaml::Node& entry : weighted) {
        std::string cluster = YamlView::String(entry, "name");
        if (cluster.empty()) continue;
        std::string weight = YamlView::String(entry, "weight");
        targets.push_back(
            {cluster, "weighted cluster " + cluster +
                          (weight.empty() ? "" : " (weight " + weight + ")")});
      }
    }
    if (Child(action, "cluster_header").IsDefined()) {
      Warn(action,
           "route " + name +
               " picks its cluster from a request header (cluster_header); "
               "its calls are not analysed",
           Severity::kNote);
    }
    for (const auto& [cluster_name, how] : targets) {
      auto cluster = clusters_.find(cluster_name);
      if (cluster == clusters_.end()) {
        Warn(action, "route " + name + " names cluster '" + cluster_name +
                         "', which static_resources.clusters does not "
                         "define; not analysed");
        continue;
      }
      if (cluster->second.endpoints.empty()) {
        Warn(action,
             "cluster " + cluster_name + " of route " + name +
                 " has no static endpoint address" +
                 (cluster->second.type.empty()
                      ? ""
                      : " (type " + cluster->second.type + ")") +
                 "; its calls are not analysed",
             Severity::kNote);
        continue;
      }
      Layer layer = RouteLayer(policy, timeout, timeout_default, timeout_node,
                               route, cluster_name, cluster->second);
      for (const Endpoint& endpoint : cluster->second.endpoints) {
        auto target = EndpointTarget(endpoint);
        if (!target) continue;
        config->routes.push_back(
            {*target, layer,
             "Envoy route " + name + " -> " + how + ", endpoint " +
                 endpoint.address +
                 (endpoint.port.empty() ? "" : ":" + endpoint.port) + " (" +
                 endpoint.location.ToString() + ")",
             view_.At(route)});
      }
    }
  }

  std::optional<Target> EndpointTarget(const Endpoint& endpoint) {
    static const RE2 kEnvSubst(R"(\$\{([A-Za-z_][A-Za-z0-9_]*)\})");
    if (auto m = RegexFullMatch(kEnvSubst, endpoint.address)) {
      // An envsubst template: the host is the container's env var.
      return Target{TargetKind::kEnv, (*m)[1], ""};
    }
    if (endpoint.address.find('$') != std::string::npos) {
      diagnostics_->push_back({endpoint.location,
                               "Envoy: endpoint address " + endpoint.address +
                                   " is not a host name; not analysed",
                               Severity::kNote});
      return std::nullopt;
    }
    return Target{TargetKind::kUrl,
                  "http://" + endpoint.address +
                      (endpoint.port.empty() ? "" : ":" + endpoint.port),
                  ""};
  }

  Layer RouteLayer(const std::optional<EnvoyRetryPolicy>& policy,
                   std::optional<Millis> timeout, bool timeout_default,
                   const yaml::Node& timeout_node, const yaml::Node& route,
                   const std::string& cluster_name, const Cluster& cluster) {
    Layer layer;
    layer.kind = LayerKind::kClient;
    layer.tries = EnvoyRouteTries(policy);
    std::string timeout_text =
        *timeout == 0 ? "route timeout 0s (disabled)"
                      : "route timeout " + FormatDuration(*timeout) +
                            (timeout_default ? " (Envoy default)" : "") +
                            ", covering all tries";
    layer.total_timeout = *timeout == 0 ? std::nullopt : timeout;
    if (!timeout_default) {
      layer.evidence.push_back({view_.At(timeout_node),
                                "route timeout " + FormatDuration(*timeout)});
    }
    if (!policy) {
      layer.provenance = Provenance::kLibraryDefault;
      layer.origin = "Envoy route without retry_policy";
      layer.location = view_.At(route);
      layer.detail =
          "no retry_policy on the route or its virtual host: Envoy retries "
          "nothing = 1 try; " +
          timeout_text;
      return layer;
    }
    layer.provenance = Provenance::kExplicit;
    layer.origin = "Envoy retry_policy (" + policy->where + ")";
    layer.location = policy->location;
    layer.retry_on = policy->retry_on;
    layer.per_try_timeout = policy->per_try_timeout;
    Millis base = policy->base_interval.value_or(kDefaultBaseInterval);
    layer.backoff = Backoff{base, policy->max_interval.value_or(base * 10),
                            true, std::nullopt, std::nullopt};
    if (policy->retry_on.empty()) {
      layer.detail = "retry_policy (" + policy->where +
                     ") without retry_on: no condition to retry on = 1 try; " +
                     timeout_text;
      return layer;
    }
    std::string retries =
        policy->num_retries
            ? "num_retries " + std::to_string(*policy->num_retries)
            : "num_retries not set (Envoy default 1)";
    layer.detail =
        "retry_policy (" + policy->where + "): " + retries +
        " (retries) = " + layer.tries.ToString() + " tries, retry_on " +
        Join(policy->retry_on, ",") +
        (policy->per_try_timeout
             ? ", per_try_timeout " + FormatDuration(*policy->per_try_timeout)
             : "") +
        "; " + timeout_text;
    AddCircuitBreakers(cluster_name, cluster, &layer);
    return layer;
  }

  // A retry budget replaces max_retries (circuit_breaker.proto: "If this
  // field is set, the retry budget will override any configured retry
  // circuit breaker"); without either, max_retries is 3.
  static void AddCircuitBreakers(const std::string& name,
                                 const Cluster& cluster, Layer* layer) {
    Location at = cluster.thresholds_at.known() ? cluster.thresholds_at
                                                : cluster.location;
    if (cluster.has_budget) {
      layer->budget_percent =
          cluster.budget_percent.value_or(kDefaultBudgetPercent);
      layer->budget_location = at;
      layer->evidence.push_back(
          {at, "cluster " + name + ": retry_budget " +
                   FormatFactor(*layer->budget_percent) + "%" +
                   (cluster.budget_percent ? "" : " (Envoy default)") +
                   ", min_retry_concurrency " +
                   std::to_string(cluster.min_retry_concurrency.value_or(
                       kDefaultMinRetryConcurrency)) +
                   (cluster.min_retry_concurrency ? "" : " (Envoy default)")});
      return;
    }
    layer->max_concurrent_retries =
        cluster.max_retries.value_or(kDefaultMaxRetries);
    layer->evidence.push_back(
        {at, "cluster " + name + ": circuit_breakers max_retries " +
                 std::to_string(*layer->max_concurrent_retries) +
                 (cluster.max_retries ? "" : " (Envoy default)") +
                 " (concurrent retries, not tries)"});
  }

  const YamlView& view_;
  std::vector<Diagnostic>* diagnostics_;
  std::map<std::string, Cluster> clusters_;
};

}  // namespace

Tries EnvoyRouteTries(const std::optional<EnvoyRetryPolicy>& policy) {
  if (!policy || policy->retry_on.empty()) return Tries::Of(1);
  return Tries::FromRetries(
      static_cast<uint64_t>(policy->num_retries.value_or(1)));
}

const std::optional<EnvoyRetryPolicy>& EnvoyEffectivePolicy(
    const std::optional<EnvoyRetryPolicy>& route,
    const std::optional<EnvoyRetryPolicy>& virtual_host) {
  return route ? route : virtual_host;
}

bool IsEnvoyBootstrap(const yaml::Node& root) {
  return root.IsMap() && Child(root, "static_resources").IsDefined();
}

void ReadEnvoyBootstrap(const yaml::Node& root, const YamlView& view,
                        ProxyConfigFact* config,
                        std::vector<Diagnostic>* diagnostics) {
  Reader(view, diagnostics).Read(root, config);
}

std::vector<ProxyConfigFact> ReadEnvoyConfigs(
    const std::string& file, std::string_view content, int first_line,
    bool diagnose_syntax, std::vector<Diagnostic>* diagnostics) {
  std::vector<ProxyConfigFact> configs;
  std::vector<Diagnostic> inner;
  ForEachYamlDocument(file, content, &inner, [&](const YamlDocument& doc) {
    if (!IsEnvoyBootstrap(doc.root)) return;
    YamlView view(file, first_line - 1 + doc.first_line);
    ProxyConfigFact config;
    ReadEnvoyBootstrap(doc.root, view, &config, diagnostics);
    configs.push_back(std::move(config));
  });
  if (!diagnose_syntax) return configs;
  for (Diagnostic& d : inner) {
    d.location.line += first_line - 1;
    d.message = "Envoy config: " + d.message;
    diagnostics->push_back(std::move(d));
  }
  return configs;
}

}  // namespace ampcheck
