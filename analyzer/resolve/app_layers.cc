// Application layers: declared in the policy file, or found in source and
// application config and attributed to a service, ordered on each call
// outermost first (consumer, handler, decorator, client). A layer goes on
// the call its target names, else on the calls whose sites its scope holds
// (layer_binding.h); only when neither says, on every outbound call of its
// service, and the call and the summary say so.
#include <algorithm>
#include <set>
#include <tuple>

#include "analyzer/base/strings.h"
#include "analyzer/extract/app_config/app_config.h"
#include "analyzer/extract/source/value_eval.h"
#include "analyzer/resolve/attribution.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/layer_binding.h"
#include "analyzer/resolve/layer_nesting.h"
#include "analyzer/resolve/resolve_context.h"
#include "analyzer/resolve/service_config.h"

namespace ampcheck {
namespace {

// The rule that turns a Resilience4j instance in application config into a
// layer; the same instance used by @Retry(name) is one layer, not two.
constexpr const char* kConfigResilience4j = "config-resilience4j-retry";

// The call a target stands for: a service in the inputs, a node outside
// them, or none, with why.
struct ResolvedTarget {
  int callee = -1;
  std::string why_not;  // when callee < 0
  // Which won when the target has an in-code default, else "".
  std::string how;
};

ResolvedTarget ResolveTarget(const Target& target, const Location& at,
                             int service, const ServiceConfig& config,
                             ResolveContext* c) {
  ResolvedTarget out;
  const std::string& name = c->model.services[service].name;
  if (target.kind == TargetKind::kNone) {
    out.why_not = "no target";
    return out;
  }
  if (target.kind == TargetKind::kEnv && target.value == "HOSTNAME") {
    // Kubernetes and Docker set it to the pod's or container's own name.
    out.why_not = "env HOSTNAME is the workload's own name";
    return out;
  }
  std::string value;
  if (auto resolved = ConfiguredTarget(target, service, config, at)) {
    value = resolved->value;
    out.how = resolved->evidence;
  } else if (target.kind == TargetKind::kEnv) {
    out.why_not = "env " + target.value + " is not set for " + name;
  } else {
    // "${pricing.base-url:http://localhost}" names pricing.base-url.
    auto placeholder = PropertyPlaceholder(target.value);
    std::string key = placeholder ? placeholder->key : target.value;
    out.why_not = "property " + key + " is not set for " + name;
  }
  if (value.empty()) return out;
  auto ref = ParseHostReference(value, false);
  if (!ref) {
    out.why_not = "'" + value + "' is no address";
    return out;
  }
  out.callee = c->ResolveOrExternal(*ref, c->model.services[service].ns, at,
                                    &out.why_not);
  if (out.callee == service) {
    out.callee = -1;
    out.why_not = "'" + value + "' names " + name + " itself";
  }
  return out;
}

// Why a client layer cannot be on a call: an HTTP (or gRPC) client's retry
// resends that client's requests, and a call to a data store or broker
// (mysql, redis, kafka: TCP by its ports or name) goes through another
// client. "" when it may be.
std::string OtherProtocol(const Layer& layer, const Service& callee) {
  if (layer.kind != LayerKind::kClient) return "";
  if (callee.tcp_only) return callee.protocol_evidence;
  std::string tcp = AssumedTcp(callee.name, 0);
  return tcp.empty() ? "" : "assumed TCP: " + tcp;
}

// Keeps the calls a layer may be on; each call left out says why.
std::vector<int> SameProtocolCalls(const Layer& layer,
                                   const std::vector<int>& calls,
                                   ResolveContext* c) {
  std::vector<int> kept;
  for (int index : calls) {
    Call& call = c->model.calls[index];
    std::string other = OtherProtocol(layer, c->model.services[call.to]);
    if (other.empty()) {
      kept.push_back(index);
      continue;
    }
    const std::string& callee = c->model.services[call.to].name;
    call.notes.push_back("not on this call: " + layer.origin + " (" +
                         layer.location.ToString() +
                         ") retries its own client's requests; " + callee +
                         " is a data store or broker (" + other + ")");
  }
  return kept;
}

// Applies a layer to every outbound call of its service: what is left when
// neither its target nor its scope says which calls it wraps. The call and
// the summary name it as an assumption. A client layer skips the calls to
// data stores and brokers (OtherProtocol).
void ApplyToEveryCall(const Layer& layer, int service, const std::string& why,
                      const std::string& label, ResolveContext* c) {
  // A copy: no call is added below, but the index may grow elsewhere.
  std::vector<int> calls;
  if (service < static_cast<int>(c->outgoing.size()))
    calls = SameProtocolCalls(layer, c->outgoing[service], c);
  for (int index : calls) {
    Call& call = c->model.calls[index];
    call.layers.push_back(layer);
    call.notes.push_back("assumed: " + layer.origin + " (" +
                         layer.location.ToString() + ") has " + why +
                         ": applied to every outbound call of " +
                         c->model.services[service].name);
  }
  if (calls.empty()) {
    ++c->model.counts.layers_no_call;
    bool has_calls = service < static_cast<int>(c->outgoing.size()) &&
                     !c->outgoing[service].empty();
    c->Diagnose(layer.location,
                label + " of " + c->model.services[service].name +
                    " applies to no call: " +
                    (has_calls ? "its service calls only data stores or "
                                 "brokers"
                               : "the service has no known outbound calls"),
                Severity::kNote);
  } else {
    ++c->model.counts.layers_assumed;
  }
}

void ApplyLayer(const Layer& layer, int service, const Target& target,
                const std::string& label, const ServiceConfig& config,
                ResolveContext* c) {
  std::string why = "no target";
  if (target.kind != TargetKind::kNone) {
    ResolvedTarget resolved =
        ResolveTarget(target, layer.location, service, config, c);
    if (resolved.callee >= 0) {
      int call = c->AddCall(
          service, resolved.callee,
          {layer.location,
           label + " targets " +
               (resolved.how.empty() ? target.value : resolved.how)});
      c->model.calls[call].layers.push_back(layer);
      ++c->model.counts.layers_targeted;
      return;
    }
    why =
        "an unresolved target " + target.value + " (" + resolved.why_not + ")";
  }
  ApplyToEveryCall(layer, service, why, label, c);
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
      target = {TargetKind::kHost, d.target, ""};
    }
    ApplyLayer(d.layer, service, target, "declared layer", config, c);
  }
}

// The services a file's code runs in: its own, or, for a shared project,
// each service that references it (with why); {-1, ""} when none.
std::vector<std::pair<int, std::string>> ServicesOf(
    const Attribution& attribution, const std::string& file) {
  int service = attribution.ServiceOf(file);
  if (service >= 0) return {{service, ""}};
  std::vector<std::pair<int, std::string>> users = attribution.UsersOf(file);
  if (users.empty()) return {{-1, ""}};
  return users;
}

// Overloads of one method retried alike (getConnection() and
// getConnection(user, password), both @Retryable(maxAttempts = 10)) are one
// layer: a request goes through one of them, not both.
std::string OverloadKey(int service, const LayerFact& fact) {
  if (fact.scope.function.empty()) return "";
  return std::to_string(service) + "\n" + fact.rule_id + "\n" +
         fact.layer.location.file + "\n" + fact.scope.type + "\n" +
         fact.scope.function + "\n" + fact.layer.tries.ToString() + "\n" +
         std::to_string(static_cast<int>(fact.layer.kind));
}

// A source layer onto the calls it wraps: its own target first, then the
// call sites its scope holds, then every outbound call (an assumption; never
// for a timeout).
void PlaceSourceLayer(const LayerFact& fact, int service,
                      const std::string& shared, const ServiceConfig& config,
                      const LayerBinder& binder, ResolveContext* c) {
  Layer layer = WithConfiguredTries(fact, service, config);
  if (!shared.empty()) layer.evidence.push_back({layer.location, shared});
  std::string why = "no target";
  if (fact.target.kind != TargetKind::kNone) {
    ResolvedTarget resolved =
        ResolveTarget(fact.target, layer.location, service, config, c);
    if (resolved.callee >= 0) {
      int call = c->AddCall(
          service, resolved.callee,
          {layer.location, layer.origin + " targets " + fact.target.value});
      // One directive naming several targets of one callee (nginx upstream
      // servers orders:8080 and orders:8081) is one layer on that call:
      // each request's tries are shared over the targets, not multiplied.
      std::vector<Layer>& layers = c->model.calls[call].layers;
      if (std::none_of(layers.begin(), layers.end(), [&](const Layer& other) {
            return other.location == layer.location &&
                   other.origin == layer.origin;
          })) {
        layers.push_back(layer);
      }
      ++c->model.counts.layers_targeted;
      return;
    }
    why = "an unresolved target " + fact.target.value + " (" +
          resolved.why_not + ")";
  }
  Binding binding = binder.Bind(service, fact);
  binding.calls = SameProtocolCalls(layer, binding.calls, c);
  if (!binding.calls.empty()) {
    layer.evidence.push_back({layer.location, "wraps " + binding.how});
    for (int index : binding.calls)
      c->model.calls[index].layers.push_back(layer);
    ++c->model.counts.layers_bound;
    return;
  }
  if (layer.timeout_only) {
    // A timeout assumed on every call would hide the calls that have none
    // (missing-timeout) and invent inversions: an assumption must not make
    // the report quieter, so a timeout binds to what it wraps or to nothing.
    ++c->model.counts.layers_no_call;
    c->Diagnose(layer.location,
                layer.origin + " timeout of " +
                    c->model.services[service].name + " has " + why +
                    " and no call site in its scope: not assumed on every "
                    "outbound call",
                Severity::kNote);
    return;
  }
  ApplyToEveryCall(layer, service, why + " and no call site in its scope",
                   layer.origin, c);
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
  // Call sites first, so that layers see every call.
  LayerBinder binder;
  for (const auto& [file, site] : c->call_sites) {
    if (site.target.kind == TargetKind::kNone) {
      // A use of what a layer configures, not a call (LayerBinder::AddUse).
      for (const auto& [service, shared] : ServicesOf(attribution, file))
        if (service >= 0) binder.AddUse(service, {file, &site, -1});
      continue;
    }
    for (const auto& [service, shared] : ServicesOf(attribution, file)) {
      if (service < 0) {
        ++c->model.counts.call_sites_unresolved;
        c->Diagnose(site.location,
                    "call site " + site.target.value +
                        " not analysed: its file is attributed to no service",
                    Severity::kNote);
        continue;
      }
      ResolvedTarget resolved =
          ResolveTarget(site.target, site.location, service, config, c);
      if (resolved.callee < 0) {
        ++c->model.counts.call_sites_unresolved;
        c->Diagnose(site.location,
                    "call site " + site.target.value + " of " +
                        c->model.services[service].name +
                        " not analysed: " + resolved.why_not,
                    Severity::kNote);
        continue;
      }
      bool external = c->model.services[resolved.callee].external;
      ++(external ? c->model.counts.call_sites_external
                  : c->model.counts.call_sites_resolved);
      std::string detail =
          !resolved.how.empty() ? site.detail + ": " + resolved.how
          : site.detail.find(site.target.value) == std::string::npos
              ? site.detail + ": " + site.target.value
              : site.detail;
      if (!shared.empty()) detail += " (" + shared + ")";
      int call = c->AddCall(service, resolved.callee, {site.location, detail});
      if (!site.method.empty()) {
        Call::Method method{site.method, site.location, site.idempotency_key,
                            site.method_note};
        auto& methods = c->model.calls[call].methods;
        if (std::find(methods.begin(), methods.end(), method) == methods.end())
          methods.push_back(method);
      }
      binder.AddSite(service, {file, &site, call});
    }
  }
  AddDeclaredLayers(config, c);

  std::vector<std::pair<int, const LayerFact*>> attributed;
  // Layers carried from shared code: "shared project ..., referenced by ...".
  std::map<std::pair<int, const LayerFact*>, std::string> shared_by;
  std::set<std::pair<int, std::string>> used_properties;  // by source layers
  for (const LayerFact& fact : c->layer_facts) {
    std::vector<std::pair<int, std::string>> services =
        fact.service.empty()
            ? ServicesOf(attribution, fact.layer.location.file)
            : std::vector<std::pair<int, std::string>>{
                  {c->FindServiceRef(fact.service, fact.layer.location, true),
                   ""}};
    for (const auto& [service, shared] : services) {
      if (service < 0) {
        c->Diagnose(fact.layer.location,
                    fact.layer.origin +
                        " retry layer not attributed to any service (no build "
                        "marker or directory matches a service name)",
                    Severity::kNote);
        continue;
      }
      attributed.emplace_back(service, &fact);
      if (!shared.empty()) shared_by[{service, &fact}] = shared;
      if (fact.rule_id != kConfigResilience4j && !fact.tries_property.empty()) {
        used_properties.insert(
            {service, CanonicalPropertyKey(fact.tries_property)});
      }
    }
  }
  std::map<std::string, const LayerFact*> overloads;
  for (const auto& [service, fact] : attributed) {
    // A configured instance that an annotation uses is that annotation's
    // count, already applied through tries_property.
    if (fact->rule_id == kConfigResilience4j &&
        used_properties.count(
            {service, CanonicalPropertyKey(fact->tries_property)})) {
      continue;
    }
    if (!fact->no_service_edge.empty()) {
      ++c->model.counts.layers_no_edge;
      c->Diagnose(fact->layer.location,
                  fact->layer.origin + " retry (" +
                      fact->layer.tries.ToString() + " tries) wraps " +
                      fact->no_service_edge + ": on no service call",
                  Severity::kNote);
      continue;
    }
    std::string key = OverloadKey(service, *fact);
    if (!key.empty()) {
      auto [it, first] = overloads.emplace(key, fact);
      if (!first) {
        ++c->model.counts.layers_merged;
        c->Diagnose(fact->layer.location,
                    fact->layer.origin + " on another overload of " +
                        fact->scope.function + " retried alike (" +
                        it->second->layer.location.ToString() +
                        "): counted once",
                    Severity::kNote);
        continue;
      }
    }
    auto shared = shared_by.find({service, fact});
    PlaceSourceLayer(*fact, service,
                     shared == shared_by.end() ? "" : shared->second, config,
                     binder, c);
  }
  for (Call& call : c->model.calls) NestCallLayers(&call.layers);
}

}  // namespace ampcheck
