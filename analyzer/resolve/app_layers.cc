// Application layers: declared in the policy file, or found in source and
// application config and attributed to a service. Layers of one service that
// wrap the same call stack outermost first (consumer, handler, decorator,
// client); a layer whose target cannot be resolved applies to every outbound
// call of its service, and the call says so.
#include <algorithm>
#include <set>

#include "analyzer/base/strings.h"
#include "analyzer/extract/app_config/app_config.h"
#include "analyzer/extract/source/value_eval.h"
#include "analyzer/resolve/attribution.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/resolve_context.h"
#include "analyzer/resolve/service_config.h"

namespace ampcheck {
namespace {

// The rule that turns a Resilience4j instance in application config into a
// layer; the same instance used by @Retry(name) is one layer, not two.
constexpr const char* kConfigResilience4j = "config-resilience4j-retry";

// The service a target names, seen from `service`; -1 if unresolved.
int ResolveTarget(const Target& target, int service,
                  const ServiceConfig& config, ResolveContext* c) {
  std::string value;
  switch (target.kind) {
    case TargetKind::kUrl:
    case TargetKind::kHost:
      value = target.value;
      break;
    case TargetKind::kEnv:
      if (auto env = config.Lookup(service, "env:" + target.value))
        value = env->value;
      break;
    case TargetKind::kProperty: {
      // "${pricing.base-url:http://localhost}" names pricing.base-url.
      auto placeholder = PropertyPlaceholder(target.value);
      std::string key = placeholder ? placeholder->key : target.value;
      if (auto property = config.Lookup(service, key)) value = property->value;
      break;
    }
    case TargetKind::kNone:
      break;
  }
  auto ref = ParseHostReference(value, false);
  if (!ref) return -1;
  return c->ResolveHost(ref->host, c->model.services[service].ns);
}

void ApplyLayer(const Layer& layer, int service, const Target& target,
                const std::string& label, const ServiceConfig& config,
                ResolveContext* c) {
  if (target.kind != TargetKind::kNone) {
    int callee = ResolveTarget(target, service, config, c);
    if (callee >= 0 && callee != service) {
      int call =
          c->AddCall(service, callee,
                     {layer.location, label + " targets " + target.value});
      c->model.calls[call].layers.push_back(layer);
      return;
    }
  }
  bool applied = false;
  // A copy: no call is added below, but the index may grow elsewhere.
  std::vector<int> calls;
  if (service < static_cast<int>(c->outgoing.size()))
    calls = c->outgoing[service];
  for (int index : calls) {
    Call& call = c->model.calls[index];
    call.layers.push_back(layer);
    call.notes.push_back(layer.origin + " (" + layer.location.ToString() +
                         ") has " +
                         (target.kind == TargetKind::kNone
                              ? std::string("no target")
                              : "an unresolved target " + target.value) +
                         ": applied to every outbound call of " +
                         c->model.services[service].name);
    applied = true;
  }
  if (!applied) {
    c->Diagnose(
        layer.location,
        label + " of " + c->model.services[service].name +
            " applies to no call: the service has no known outbound calls",
        Severity::kNote);
  }
}

void AddDeclaredLayers(const ServiceConfig& config, ResolveContext* c) {
  for (const DeclaredLayer& d : c->policy.layers) {
    int service = c->FindServiceRef(d.service, d.layer.location, true);
    if (service < 0) continue;
    Target target;
    if (!d.target.empty()) {
      int callee = c->FindServiceRef(d.target, d.layer.location, false);
      if (callee >= 0) {
        int call = c->AddCall(
            service, callee, {d.layer.location, "declared layer on this call"});
        c->model.calls[call].layers.push_back(d.layer);
        continue;
      }
      target = {TargetKind::kHost, d.target};
    }
    ApplyLayer(d.layer, service, target, "declared layer", config, c);
  }
}

}  // namespace

void AddApplicationLayers(ResolveContext* c) {
  Attribution attribution(c);
  for (const std::string& file : c->files) {
    size_t slash = file.find('/');
    if (slash == std::string::npos) continue;
    int service = attribution.ServiceOf(file);
    if (service >= 0) {
      c->model.source_roots[file.substr(0, slash)].insert(
          c->model.services[service].Key());
    }
  }
  ServiceConfig config(c, attribution);
  // Call sites first, so untargeted layers see every call.
  for (const auto& [file, site] : c->call_sites) {
    int service = attribution.ServiceOf(file);
    if (service < 0) continue;
    int callee = ResolveTarget(site.target, service, config, c);
    if (callee >= 0 && callee != service)
      c->AddCall(service, callee,
                 {site.location,
                  site.detail.find(site.target.value) == std::string::npos
                      ? site.detail + ": " + site.target.value
                      : site.detail});
  }
  AddDeclaredLayers(config, c);

  std::vector<std::pair<int, const LayerFact*>> attributed;
  std::set<std::pair<int, std::string>> used_properties;  // by source layers
  for (const LayerFact& fact : c->layer_facts) {
    int service =
        fact.service.empty()
            ? attribution.ServiceOf(fact.layer.location.file)
            : c->FindServiceRef(fact.service, fact.layer.location, true);
    if (service < 0) {
      c->Diagnose(
          fact.layer.location,
          fact.layer.origin +
              " retry layer not attributed to any service (no build marker or "
              "directory matches a service name)",
          Severity::kNote);
      continue;
    }
    attributed.emplace_back(service, &fact);
    if (fact.rule_id != kConfigResilience4j && !fact.tries_property.empty()) {
      used_properties.insert(
          {service, CanonicalPropertyKey(fact.tries_property)});
    }
  }
  for (const auto& [service, fact] : attributed) {
    // A configured instance that an annotation uses is that annotation's
    // count, already applied through tries_property.
    if (fact->rule_id == kConfigResilience4j &&
        used_properties.count(
            {service, CanonicalPropertyKey(fact->tries_property)})) {
      continue;
    }
    ApplyLayer(WithConfiguredTries(*fact, service, config), service,
               fact->target, fact->layer.origin, config, c);
  }
  for (Call& call : c->model.calls) {
    std::stable_sort(
        call.layers.begin(), call.layers.end(),
        [](const Layer& a, const Layer& b) { return a.kind < b.kind; });
  }
}

}  // namespace ampcheck
