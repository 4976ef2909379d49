// Istio resources: what Istio's own validation would reject is reported and
// ignored whole, never half-applied.
#include "analyzer/extract/mesh/istio_extractor.h"

#include <set>

#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/resource_validation.h"

namespace ampcheck {
namespace {

bool IsIstioNetworking(const std::string& api_version) {
  return api_version == "networking.istio.io/v1" ||
         api_version == "networking.istio.io/v1beta1" ||
         api_version == "networking.istio.io/v1alpha3";
}

// retryOn policies Envoy and Istio accept; integers are status codes.
bool IsKnownRetryOn(const std::string& token) {
  static const std::set<std::string> known = {"5xx",
                                              "gateway-error",
                                              "reset",
                                              "reset-before-request",
                                              "connect-failure",
                                              "envoy-ratelimited",
                                              "retriable-4xx",
                                              "refused-stream",
                                              "retriable-status-codes",
                                              "retriable-headers",
                                              "http3-post-connect-failure",
                                              "cancelled",
                                              "deadline-exceeded",
                                              "internal",
                                              "resource-exhausted",
                                              "unavailable"};
  long long code;
  if (ParseInt(token, &code)) return code >= 100 && code <= 599;
  return known.count(token) > 0;
}

std::optional<RetryPolicyFact> ReadRetryPolicy(const yaml::Node& node,
                                               ResourceValidation* v) {
  if (!node.IsDefined() || node.IsNull()) return std::nullopt;
  RetryPolicyFact policy;
  policy.location = v->manifest().at(node);
  if (!node.IsMap()) {
    v->Reject(node, "retries is not a map");
    return policy;
  }
  yaml::Node attempts = Child(node, "attempts");
  if (attempts.IsDefined()) {
    long long n;
    if (!ParseInt(YamlView::Scalar(attempts).value_or(""), &n)) {
      v->Reject(attempts, "retries.attempts is not an integer");
    } else if (n < 0) {
      v->Reject(attempts,
                "retries.attempts must be >= 0, got " + std::to_string(n));
    } else {
      policy.attempts = n;
    }
  }
  policy.per_try_timeout =
      v->Duration(Child(node, "perTryTimeout"), "retries.perTryTimeout");
  if (policy.per_try_timeout && *policy.per_try_timeout < 1) {
    v->Reject(Child(node, "perTryTimeout"),
              "retries.perTryTimeout must be >= 1ms");
  }
  policy.backoff = v->Duration(Child(node, "backoff"), "retries.backoff");
  if (auto retry_on = YamlView::Scalar(Child(node, "retryOn"))) {
    for (const std::string& token : Split(*retry_on, ',')) {
      if (!IsKnownRetryOn(Trim(token))) {
        v->Reject(
            Child(node, "retryOn"),
            "retries.retryOn has an unknown policy '" + Trim(token) + "'");
      }
    }
    policy.retry_on = *retry_on;
  }
  // Unset attempts is proto3's 0: the block disables retries, and validation
  // rejects it when any other retry field is set.
  bool other_fields = policy.per_try_timeout || policy.retry_on ||
                      policy.backoff ||
                      Child(node, "retryRemoteLocalities").IsDefined();
  if (policy.attempts.value_or(0) == 0 && other_fields) {
    v->Reject(attempts.IsDefined() ? attempts : node,
              "retries.attempts is 0 or unset but other retry fields are set");
  }
  if (!attempts.IsDefined()) policy.attempts = 0;
  return policy;
}

// The methods a route's match[] entries select (method.exact, or a regex
// that is an alternation of method names: "POST|PUT"), upper case; empty
// when there is no match or one entry lets any method through.
std::vector<std::string> MatchedMethods(const yaml::Node& matches) {
  if (!matches.IsSequence() || matches.size() == 0) return {};
  std::set<std::string> methods;
  for (const yaml::Node& match : matches) {
    yaml::Node method = Child(match, "method");
    std::string exact = YamlView::String(method, "exact");
    std::string regex = YamlView::String(method, "regex");
    if (!exact.empty()) {
      methods.insert(ToUpper(exact));
      continue;
    }
    bool names_only = !regex.empty();
    std::vector<std::string> names;
    for (const std::string& part : Split(regex, '|')) {
      std::string name = ToUpper(Trim(part));
      names_only = names_only && !name.empty() &&
                   name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") ==
                       std::string::npos;
      names.push_back(name);
    }
    if (!names_only) return {};
    methods.insert(names.begin(), names.end());
  }
  return {methods.begin(), methods.end()};
}

void ExtractVirtualService(const Manifest& m, FileFacts* facts) {
  ResourceValidation v(m, "Istio rejects it");
  VirtualServiceFact vs;
  vs.name = m.name;
  vs.ns = m.ns;
  vs.location = m.location();
  yaml::Node spec = Child(m.root, "spec");
  vs.hosts = YamlView::StringList(Child(spec, "hosts"));
  vs.gateways = YamlView::StringList(Child(spec, "gateways"));
  vs.annotations =
      YamlView::StringMap(Child(Child(m.root, "metadata"), "annotations"));
  if (vs.hosts.empty() && !Child(spec, "http").IsDefined()) {
    // A delegate VirtualService has no hosts; nothing to check without them.
  }
  if (vs.hosts.empty()) v.Reject(spec, "spec.hosts is empty");
  yaml::Node http = Child(spec, "http");
  if (http.IsSequence()) {
    int index = 0;
    for (const yaml::Node& route : http) {
      HttpRouteFact r;
      r.name = YamlView::String(route, "name");
      if (r.name.empty()) r.name = "http[" + std::to_string(index) + "]";
      r.location = m.at(route);
      yaml::Node destinations = Child(route, "route");
      if (destinations.IsSequence()) {
        for (const yaml::Node& d : destinations) {
          yaml::Node dest = Child(d, "destination");
          RouteDestinationFact rd;
          rd.host = YamlView::String(dest, "host");
          rd.subset = YamlView::String(dest, "subset");
          long long port;
          if (ParseInt(YamlView::String(Child(dest, "port"), "number"), &port))
            rd.port = int(port);
          if (rd.host.empty()) {
            v.Reject(d, "route destination without host");
          } else {
            r.destinations.push_back(rd);
          }
        }
      }
      r.methods = MatchedMethods(Child(route, "match"));
      r.retries = ReadRetryPolicy(Child(route, "retries"), &v);
      r.timeout = v.Duration(Child(route, "timeout"), "timeout");
      vs.routes.push_back(std::move(r));
      ++index;
    }
  }
  if (v.Flush(facts)) facts->virtual_services.push_back(std::move(vs));
}

std::optional<double> ReadPercent(const yaml::Node& node) {
  yaml::Node value = node.IsMap() ? Child(node, "value") : node;
  auto text = YamlView::Scalar(value);
  if (!text) return std::nullopt;
  try {
    size_t used = 0;
    double percent = std::stod(*text, &used);
    if (used != text->size()) return std::nullopt;
    return percent;
  } catch (...) {
    return std::nullopt;
  }
}

std::optional<TrafficPolicyFact> ReadTrafficPolicy(const yaml::Node& node,
                                                   ResourceValidation* v,
                                                   bool allow_budget) {
  if (!node.IsMap()) return std::nullopt;
  TrafficPolicyFact policy;
  policy.location = v->manifest().at(node);
  yaml::Node budget = Child(node, "retryBudget");
  if (budget.IsDefined() && allow_budget) {
    policy.has_budget = true;
    policy.location = v->manifest().at(budget);
    yaml::Node percent = Child(budget, "percent");
    if (percent.IsDefined()) {
      policy.budget_percent = ReadPercent(percent);
      if (!policy.budget_percent || *policy.budget_percent < 0 ||
          *policy.budget_percent > 100) {
        v->Reject(percent, "retryBudget.percent must be a number in [0, 100]");
      }
    }
  }
  yaml::Node max_retries =
      Child(Child(Child(node, "connectionPool"), "http"), "maxRetries");
  if (max_retries.IsDefined()) {
    long long n;
    if (!ParseInt(YamlView::Scalar(max_retries).value_or(""), &n) || n < 0) {
      v->Reject(
          max_retries,
          "connectionPool.http.maxRetries must be a non-negative integer");
    } else {
      policy.max_retries = n;
    }
  }
  return policy;
}

void ExtractDestinationRule(const Manifest& m, FileFacts* facts) {
  ResourceValidation v(m, "Istio rejects it");
  DestinationRuleFact dr;
  dr.name = m.name;
  dr.ns = m.ns;
  dr.location = m.location();
  yaml::Node spec = Child(m.root, "spec");
  dr.host = YamlView::String(spec, "host");
  if (dr.host.empty()) v.Reject(spec, "spec.host is empty");
  yaml::Node policy = Child(spec, "trafficPolicy");
  dr.policy = ReadTrafficPolicy(policy, &v, true);
  yaml::Node port_level = Child(policy, "portLevelSettings");
  if (port_level.IsSequence()) {
    for (const yaml::Node& setting : port_level) {
      long long port;
      if (!ParseInt(YamlView::String(Child(setting, "port"), "number"), &port))
        continue;
      // The port-level type has no retryBudget field.
      if (auto p = ReadTrafficPolicy(setting, &v, false))
        dr.port_level.emplace_back(int(port), *p);
    }
  }
  yaml::Node subsets = Child(spec, "subsets");
  if (subsets.IsSequence()) {
    for (const yaml::Node& subset : subsets) {
      dr.subsets.emplace_back(
          YamlView::String(subset, "name"),
          ReadTrafficPolicy(Child(subset, "trafficPolicy"), &v, true));
    }
  }
  if (v.Flush(facts)) facts->destination_rules.push_back(std::move(dr));
}

void ExtractEnvoyFilter(const Manifest& m, FileFacts* facts) {
  yaml::Node patches = Child(Child(m.root, "spec"), "configPatches");
  if (!patches.IsSequence()) return;
  for (const yaml::Node& patch : patches) {
    if (YamlView::String(patch, "applyTo") != "CLUSTER") continue;
    yaml::Node match = Child(patch, "match");
    yaml::Node value = Child(Child(patch, "patch"), "value");
    yaml::Node thresholds =
        Child(Child(value, "circuit_breakers"), "thresholds");
    if (!thresholds.IsSequence() || thresholds.size() == 0) continue;
    EnvoyFilterFact f;
    f.name = m.name;
    f.ns = m.ns;
    f.service = YamlView::String(Child(match, "cluster"), "service");
    f.context = YamlView::String(match, "context");
    f.operation = YamlView::String(Child(patch, "patch"), "operation");
    f.location = m.at(patch);
    // Only the first threshold per priority counts in Envoy.
    yaml::Node first = thresholds[0];
    yaml::Node budget = Child(first, "retry_budget");
    if (budget.IsDefined()) {
      yaml::Node percent = Child(budget, "budget_percent");
      f.budget_percent = percent.IsDefined() ? ReadPercent(percent)
                                             : std::optional<double>(20.0);
    }
    long long n;
    if (ParseInt(YamlView::String(first, "max_retries"), &n)) f.max_retries = n;
    if (f.budget_percent || f.max_retries)
      facts->envoy_filters.push_back(std::move(f));
  }
}

}  // namespace

void ExtractMeshConfig(const yaml::Node& mesh_config, const Manifest& manifest,
                       int line_offset, FileFacts* facts) {
  MeshConfigFact mesh;
  YamlView view(manifest.view->file(), line_offset);
  mesh.location = view.At(mesh_config);
  Manifest inner = manifest;
  inner.view = &view;
  ResourceValidation v(inner, "Istio rejects it");
  mesh.default_http_retry_policy =
      ReadRetryPolicy(Child(mesh_config, "defaultHttpRetryPolicy"), &v);
  if (v.Flush(facts)) facts->mesh_configs.push_back(std::move(mesh));
}

bool ExtractIstioResource(const Manifest& m, FileFacts* facts) {
  if (IsIstioNetworking(m.api_version)) {
    if (m.kind == "VirtualService") {
      ExtractVirtualService(m, facts);
    } else if (m.kind == "DestinationRule") {
      ExtractDestinationRule(m, facts);
    } else if (m.kind == "EnvoyFilter") {
      ExtractEnvoyFilter(m, facts);
    } else if (m.kind == "Gateway") {
      facts->gateways.push_back({m.name, m.ns, m.location()});
    } else {
      return false;
    }
    return true;
  }
  if (m.kind == "IstioOperator" &&
      StartsWith(m.api_version, "install.istio.io/")) {
    yaml::Node mesh_config = Child(Child(m.root, "spec"), "meshConfig");
    if (mesh_config.IsMap())
      ExtractMeshConfig(mesh_config, m,
                        m.view->At(m.root).line - m.root.Mark().line, facts);
    return true;
  }
  return false;
}

}  // namespace ampcheck
