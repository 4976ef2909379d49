// Gateway API resources as written. What the CRD schema or its CEL rules
// reject is reported and the resource ignored whole, as the API server would
// never store it. Semantics are applied in resolve (gateway_api_layers.cc).
#include "analyzer/extract/mesh/gateway_api_extractor.h"

#include <algorithm>

#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/resource_validation.h"
#include "analyzer/extract/mesh/linkerd_extractor.h"

namespace ampcheck {
namespace {

bool IsGatewayApi(const std::string& api_version) {
  return api_version == "gateway.networking.k8s.io/v1" ||
         api_version == "gateway.networking.k8s.io/v1beta1" ||
         api_version == "gateway.networking.k8s.io/v1alpha2";
}

std::vector<GatewayApiRefFact> ReadRefs(const yaml::Node& list,
                                        const std::string& field,
                                        ResourceValidation* schema) {
  std::vector<GatewayApiRefFact> refs;
  if (!list.IsSequence()) return refs;
  int index = 0;
  for (const yaml::Node& node : list) {
    std::string where = field + "[" + std::to_string(index++) + "]";
    GatewayApiRefFact ref;
    ref.group = YamlView::String(node, "group");
    ref.kind = YamlView::String(node, "kind");
    ref.name = YamlView::String(node, "name");
    ref.ns = YamlView::String(node, "namespace");
    ref.location = schema->manifest().at(node);
    if (auto port = schema->Count(Child(node, "port"), where + ".port", 1))
      ref.port = static_cast<int>(*port);
    ref.weight = schema->Count(Child(node, "weight"), where + ".weight", 0);
    if (ref.name.empty()) {
      schema->Reject(node, where + " has no name");
      continue;
    }
    refs.push_back(std::move(ref));
  }
  return refs;
}

// rules[].retry (GEP-1731): attempts counts retries; codes are HTTP status
// codes in [400, 599].
GatewayApiRetryFact ReadRouteRetry(const yaml::Node& node,
                                   const std::string& where,
                                   ResourceValidation* schema) {
  GatewayApiRetryFact retry;
  retry.location = schema->manifest().at(node);
  if (!node.IsMap()) {
    if (!node.IsNull()) schema->Reject(node, where + " is not a map");
    return retry;
  }
  retry.retries =
      schema->Count(Child(node, "attempts"), where + ".attempts", 0);
  yaml::Node codes = Child(node, "codes");
  if (codes.IsSequence()) {
    for (const yaml::Node& code : codes) {
      if (auto n = schema->Count(code, where + ".codes[]", 400)) {
        if (*n > 599) {
          schema->Reject(code, where + ".codes[] must be <= 599, got " +
                                   std::to_string(*n));
        } else {
          retry.retry_on.push_back(std::to_string(*n));
        }
      }
    }
  }
  retry.backoff = schema->Duration(Child(node, "backoff"), where + ".backoff");
  return retry;
}

void ReadRouteRule(const yaml::Node& node, int index, bool http,
                   GatewayApiFact* route, ResourceValidation* schema) {
  GatewayApiRuleFact rule;
  rule.name = YamlView::String(node, "name");
  std::string where = "rules[" + std::to_string(index) + "]";
  if (rule.name.empty()) rule.name = where;
  rule.location = schema->manifest().at(node);
  rule.backends =
      ReadRefs(Child(node, "backendRefs"), where + ".backendRefs", schema);
  // A rule matches any method unless every match names one.
  yaml::Node matches = Child(node, "matches");
  if (http && matches.IsSequence() && matches.size() > 0) {
    std::vector<std::string> methods;
    for (const yaml::Node& match : matches) {
      // The schema enumerates methods in upper case.
      std::string method = YamlView::String(match, "method");
      if (method.empty()) {
        methods.clear();
        break;
      }
      if (std::find(methods.begin(), methods.end(), method) == methods.end())
        methods.push_back(method);
    }
    rule.methods = methods;
  }
  yaml::Node retry = Child(node, "retry");
  yaml::Node timeouts = Child(node, "timeouts");
  if (http && retry.IsDefined())
    rule.retry = ReadRouteRetry(retry, where + ".retry", schema);
  if (http && timeouts.IsDefined()) {
    rule.request_timeout = schema->Duration(Child(timeouts, "request"),
                                            where + ".timeouts.request");
    rule.backend_timeout = schema->Duration(Child(timeouts, "backendRequest"),
                                            where + ".timeouts.backendRequest");
    // CEL: backendRequest <= request, unless request is 0s (no timeout).
    if (rule.request_timeout && rule.backend_timeout &&
        *rule.request_timeout != 0 &&
        *rule.backend_timeout > *rule.request_timeout) {
      schema->Reject(Child(timeouts, "backendRequest"),
                     where + ".timeouts.backendRequest " +
                         FormatDuration(*rule.backend_timeout) +
                         " is longer than timeouts.request " +
                         FormatDuration(*rule.request_timeout));
    }
  }
  route->rules.push_back(std::move(rule));
}

GatewayApiFact NewFact(const Manifest& m) {
  GatewayApiFact fact;
  fact.kind = m.kind;
  fact.name = m.name;
  fact.ns = m.ns;
  fact.location = m.location();
  fact.annotations =
      YamlView::StringMap(Child(Child(m.root, "metadata"), "annotations"));
  return fact;
}

void ExtractRoute(const Manifest& m, FileFacts* facts) {
  ResourceValidation schema(m, "the API server rejects it");
  GatewayApiFact route = NewFact(m);
  yaml::Node spec = Child(m.root, "spec");
  route.refs = ReadRefs(Child(spec, "parentRefs"), "parentRefs", &schema);
  yaml::Node rules = Child(spec, "rules");
  bool http = m.kind == "HTTPRoute";
  if (rules.IsSequence()) {
    int index = 0;
    for (const yaml::Node& rule : rules) {
      if (!http) {
        for (const char* field : {"retry", "timeouts"}) {
          if (Child(rule, field).IsDefined()) {
            facts->diagnostics.push_back(
                {m.at(Child(rule, field)),
                 m.Label() + ": GRPCRoute rules have no " + field +
                     " field in the Gateway API; the API server drops it, "
                     "so it is not counted",
                 Severity::kWarning});
          }
        }
      }
      ReadRouteRule(rule, index++, http, &route, &schema);
    }
  }
  if (!schema.Flush(facts)) return;
  // Linkerd 2.16+ reads retry annotations on routes whose parent is a
  // Service; they apply to the traffic the route's rules match.
  size_t annotated = facts->linkerd_retries.size();
  ExtractLinkerdAnnotations(m, facts);
  if (facts->linkerd_retries.size() > annotated) {
    LinkerdRetryFact& linkerd = facts->linkerd_retries.back();
    linkerd.parents = route.refs;
    for (const GatewayApiRuleFact& rule : route.rules) {
      if (rule.methods.empty()) {
        linkerd.methods.clear();
        break;
      }
      for (const std::string& method : rule.methods) {
        if (std::find(linkerd.methods.begin(), linkerd.methods.end(), method) ==
            linkerd.methods.end())
          linkerd.methods.push_back(method);
      }
    }
  }
  facts->gateway_api.push_back(std::move(route));
}

// Envoy Gateway's BackendTrafficPolicy (gateway.envoyproxy.io/v1alpha1):
// retry.numRetries counts retries; targetRef or targetRefs name routes or
// Gateways in the policy's namespace.
void ExtractBackendTrafficPolicy(const Manifest& m, FileFacts* facts) {
  ResourceValidation schema(m, "the API server rejects it");
  GatewayApiFact policy = NewFact(m);
  yaml::Node spec = Child(m.root, "spec");
  yaml::Node single = Child(spec, "targetRef");
  if (single.IsMap()) {
    yaml::Node list(yaml::NodeType::Sequence);
    list.push_back(single);
    policy.refs = ReadRefs(list, "targetRef", &schema);
    if (!policy.refs.empty()) policy.refs.back().location = m.at(single);
  }
  for (GatewayApiRefFact& ref :
       ReadRefs(Child(spec, "targetRefs"), "targetRefs", &schema))
    policy.refs.push_back(std::move(ref));
  yaml::Node retry = Child(spec, "retry");
  if (retry.IsMap()) {
    GatewayApiRetryFact r;
    r.location = m.at(retry);
    r.retries = schema.Count(Child(retry, "numRetries"), "retry.numRetries", 0);
    yaml::Node per_retry = Child(retry, "perRetry");
    r.per_try_timeout =
        schema.Duration(Child(per_retry, "timeout"), "retry.perRetry.timeout");
    yaml::Node backoff = Child(per_retry, "backOff");
    r.backoff = schema.Duration(Child(backoff, "baseInterval"),
                                "retry.perRetry.backOff.baseInterval");
    r.backoff_max = schema.Duration(Child(backoff, "maxInterval"),
                                    "retry.perRetry.backOff.maxInterval");
    yaml::Node retry_on = Child(retry, "retryOn");
    r.retry_on = YamlView::StringList(Child(retry_on, "triggers"));
    yaml::Node codes = Child(retry_on, "httpStatusCodes");
    if (codes.IsSequence()) {
      for (const yaml::Node& code : codes) {
        if (auto n = schema.Count(code, "retry.retryOn.httpStatusCodes[]", 100))
          r.retry_on.push_back(std::to_string(*n));
      }
    }
    policy.retry = r;
  } else if (retry.IsDefined() && !retry.IsNull()) {
    schema.Reject(retry, "retry is not a map");
  }
  policy.request_timeout = schema.Duration(
      Child(Child(Child(spec, "timeout"), "http"), "requestTimeout"),
      "timeout.http.requestTimeout");
  if (schema.Flush(facts)) facts->gateway_api.push_back(std::move(policy));
}

// XBackendTrafficPolicy (gateway.networking.x-k8s.io/v1alpha1, GEP-3388):
// spec.retryConstraint bounds the retries to the Services in targetRefs.
// The CRD rejects a percent outside 0..100, an interval outside 1s..1h and
// an empty targetRefs.
void ExtractXBackendTrafficPolicy(const Manifest& m, FileFacts* facts) {
  ResourceValidation schema(m, "the API server rejects it");
  GatewayApiFact policy = NewFact(m);
  yaml::Node spec = Child(m.root, "spec");
  policy.refs = ReadRefs(Child(spec, "targetRefs"), "targetRefs", &schema);
  if (policy.refs.empty())
    schema.Reject(spec.IsDefined() ? spec : m.root, "targetRefs is empty");
  yaml::Node constraint = Child(spec, "retryConstraint");
  if (constraint.IsMap()) {
    GatewayApiBudgetFact budget;
    budget.location = m.at(constraint);
    yaml::Node details = Child(constraint, "budget");
    budget.percent = schema.Count(Child(details, "percent"),
                                  "retryConstraint.budget.percent", 0);
    if (budget.percent > 100) {
      schema.Reject(Child(details, "percent"),
                    "retryConstraint.budget.percent must be <= 100, got " +
                        std::to_string(*budget.percent));
    }
    budget.interval = schema.Duration(Child(details, "interval"),
                                      "retryConstraint.budget.interval");
    if (budget.interval &&
        (*budget.interval < 1000 || *budget.interval > 3600000)) {
      schema.Reject(Child(details, "interval"),
                    "retryConstraint.budget.interval " +
                        FormatDuration(*budget.interval) +
                        " is outside 1s..1h");
    }
    yaml::Node rate = Child(constraint, "minRetryRate");
    budget.min_retry_count = schema.Count(
        Child(rate, "count"), "retryConstraint.minRetryRate.count", 0);
    budget.min_retry_interval = schema.Duration(
        Child(rate, "interval"), "retryConstraint.minRetryRate.interval");
    policy.budget = budget;
  } else if (constraint.IsDefined() && !constraint.IsNull()) {
    schema.Reject(constraint, "retryConstraint is not a map");
  }
  if (schema.Flush(facts)) facts->gateway_api.push_back(std::move(policy));
}

}  // namespace

bool ExtractGatewayApiResource(const Manifest& m, FileFacts* facts) {
  if (m.kind == "BackendTrafficPolicy" &&
      m.api_version == "gateway.envoyproxy.io/v1alpha1") {
    ExtractBackendTrafficPolicy(m, facts);
    return true;
  }
  if (m.kind == "XBackendTrafficPolicy" &&
      StartsWith(m.api_version, "gateway.networking.x-k8s.io/")) {
    ExtractXBackendTrafficPolicy(m, facts);
    return true;
  }
  if (!IsGatewayApi(m.api_version)) return false;
  yaml::Node spec = Child(m.root, "spec");
  if (m.kind == "HTTPRoute" || m.kind == "GRPCRoute") {
    ExtractRoute(m, facts);
  } else if (m.kind == "Gateway" || m.kind == "GatewayClass") {
    GatewayApiFact fact = NewFact(m);
    fact.class_name = YamlView::String(
        spec, m.kind == "Gateway" ? "gatewayClassName" : "controllerName");
    facts->gateway_api.push_back(std::move(fact));
  } else {
    return false;
  }
  return true;
}

}  // namespace ampcheck
