// Calls: env values (service_env.h) and ConfigMap values that name a
// service, client and gateway config (config_calls.h), gateway-bound
// VirtualServices, calls declared in the policy file, and call sites found in
// source. Every call keeps its evidence. A workload's env or a route that
// names a host no input declares calls a node outside the inputs
// (external_nodes.cc); a mounted ConfigMap's free text names only known
// services, since its URLs are as often links as calls.
#include <set>

#include "analyzer/base/strings.h"
#include "analyzer/base/threads.h"
#include "analyzer/extract/source/value_eval.h"
#include "analyzer/resolve/attribution.h"
#include "analyzer/resolve/config_calls.h"
#include "analyzer/resolve/gateway_api_layers.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/resolve_context.h"
#include "analyzer/resolve/service_env.h"

namespace ampcheck {
namespace {

// FOO_HOST -> FOO_PORT, for host and port in two variables.
std::string PortVariable(const std::string& host_variable) {
  for (const char* suffix :
       {"_HOST", "_HOSTNAME", "_ADDR", "_ADDRESS", "_SERVICE_HOST"}) {
    if (EndsWith(host_variable, suffix)) {
      return host_variable.substr(
                 0, host_variable.size() - std::string(suffix).size()) +
             "_PORT";
    }
  }
  return "";
}

// The parts of a value that may name hosts: a comma-separated list, or for a
// connection string ("Host=db;Port=5432", "Server=x,1433") its host parts.
// *named_host says the parts were named as hosts (Host=db) and need no
// scheme or port to count.
std::vector<std::string> HostCandidates(const EnvValue& env, bool* named_host) {
  *named_host = false;
  if (env.value.find('=') == std::string::npos ||
      env.value.find("://") != std::string::npos) {
    return Split(env.value, ',');
  }
  *named_host = true;
  std::vector<std::string> hosts;
  for (const std::string& part : Split(env.value, ';')) {
    size_t eq = part.find('=');
    if (eq == std::string::npos) continue;
    std::string key = ToLower(Trim(part.substr(0, eq)));
    if (key == "host" || key == "server" || key == "data source" ||
        key == "address" || key == "endpoint" || key == "hostname") {
      hosts.push_back(Split(part.substr(eq + 1), ',').front());
    }
  }
  return hosts;
}

// An env var name or property key as Spring's relaxed binding compares them:
// BALANCES_API_ADDR and balances.api-addr are one name.
std::string EnvKey(std::string_view name) {
  std::string key;
  for (char ch : name) {
    if (ch == '_' || ch == '-' || ch == '.') continue;
    key += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }
  return key;
}

// The env vars and properties each service's source reads for an address,
// for the services whose source is in the inputs.
std::map<int, std::set<std::string>> AddressesReadBySource(
    const Attribution& attribution, ResolveContext* c) {
  std::map<int, std::set<std::string>> reads;
  for (const auto& [file, site] : c->call_sites) {
    int service = attribution.ServiceOf(file);
    if (service < 0) continue;
    if (site.target.kind == TargetKind::kEnv) {
      reads[service].insert(EnvKey(site.target.value));
    } else if (site.target.kind == TargetKind::kProperty) {
      auto placeholder = PropertyPlaceholder(site.target.value);
      reads[service].insert(
          EnvKey(placeholder ? placeholder->key : site.target.value));
    }
  }
  return reads;
}

// A call an env value names, read on the resolve threads: its callee when
// the host names a service already in the model, else resolved (and an
// external node added) in order afterwards.
struct EnvCall {
  HostReference ref;
  const EnvValue* env;
  std::string detail;
  int known_callee;  // -1: left to ResolveOrExternal
};

// What one caller's env values name, without changing the model.
std::vector<EnvCall> EnvCallsOf(const ResolveContext& c, int caller,
                                const std::vector<EnvValue>& values,
                                const std::set<std::string>* read_by_source,
                                int* unread) {
  std::vector<EnvCall> calls;
  const std::string& ns = c.model.services[caller].ns;
  for (const EnvValue& env : values) {
    if (env.shared && read_by_source &&
        !read_by_source->count(EnvKey(env.name))) {
      ++*unread;
      continue;
    }
    bool named_host = false;
    std::vector<std::string> parts = HostCandidates(env, &named_host);
    bool hostish =
        named_host || (env.from_config ? ConfigKeyNamesAHost(env.name)
                                       : NamesAHost(env.name));
    for (const std::string& part : parts) {
      auto ref = ParseHostReference(part, !hostish);
      if (!ref) continue;
      int known = c.ResolveHost(ref->host, ns);
      if (known == caller) continue;
      std::string detail = env.source + " " + env.name + "=" + Trim(part);
      std::string port_var = PortVariable(env.name);
      for (const EnvValue& other : values) {
        if (!port_var.empty() && other.name == port_var) {
          detail += ", " + other.name + "=" + other.value;
        }
      }
      calls.push_back({std::move(*ref), &env, std::move(detail), known});
    }
  }
  return calls;
}

// Env values (and .NET application config) that name a service, from the
// one environment list the service's config lookups read too. One ConfigMap
// shared through envFrom by many workloads lists every address of the
// fleet: its entry is a call of a workload whose source the inputs hold
// only when that source reads it. The values are read on the resolve
// threads, and the calls added in the order of the services and values.
void CallsFromEnvironment(ResolveContext* c) {
  Attribution attribution(c);
  ServiceEnvironment environment(c, attribution);
  std::map<int, std::set<std::string>> read_by_source =
      AddressesReadBySource(attribution, c);
  const size_t services = c->model.services.size();
  std::vector<std::vector<EnvCall>> named(services);
  std::vector<int> unread(services, 0);
  ParallelForBlocks(
      services, 256, 8, c->threads, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
          auto reads = read_by_source.find(static_cast<int>(i));
          named[i] = EnvCallsOf(
              *c, static_cast<int>(i), environment.Of(static_cast<int>(i)),
              reads == read_by_source.end() ? nullptr : &reads->second,
              &unread[i]);
        }
      });
  // An env value names one call at most: a large fleet's list of calls and
  // its index are sized once, not grown (and their fresh pages faulted) step
  // by step.
  size_t named_calls = 0;
  for (const std::vector<EnvCall>& calls : named) named_calls += calls.size();
  c->model.calls.reserve(c->model.calls.size() + named_calls);
  c->call_index.reserve(c->call_index.size() + named_calls);
  for (size_t i = 0; i < services; ++i) {
    int caller = static_cast<int>(i);
    c->model.counts.env_from_unread += unread[i];
    for (EnvCall& call : named[i]) {
      int callee = call.known_callee;
      if (callee < 0) {
        // A copy: an external node added here may move the services.
        const std::string ns = c->model.services[i].ns;
        std::string why_not;
        callee =
            c->ResolveOrExternal(call.ref, ns, call.env->location, &why_not);
      }
      if (callee < 0 || callee == caller) continue;
      int index = c->AddCall(
          caller, callee,
          {call.env->location, std::move(call.detail) + call.env->via});
      if (call.ref.port) c->call_ports.emplace(index, call.ref.port);
    }
  }
}

void CallsFromMountedConfigMaps(ResolveContext* c) {
  for (const WorkloadFact& w : c->workloads) {
    int caller = c->workload_service[w.ns + "/" + w.name];
    for (const auto& [cm_name, at] : w.volume_config_maps) {
      auto it = c->config_maps.find(w.ns + "/" + cm_name);
      if (it == c->config_maps.end()) continue;
      for (const ConfigMapEntry& entry : it->second->data) {
        for (const HostReference& ref : FindUrls(entry.value)) {
          int callee = c->ResolveHost(ref.host, w.ns);
          if (callee < 0 || callee == caller) continue;
          c->AddCall(
              caller, callee,
              {entry.location, "ConfigMap " + cm_name + " key " + entry.key +
                                   " (mounted) names " + ref.host});
        }
      }
    }
  }
}

// The gateway a VirtualService binds to, as a service node.
int GatewayNode(const std::string& ref, const VirtualServiceFact& vs,
                ResolveContext* c) {
  std::string ns = vs.ns;
  std::string name = ref;
  if (size_t slash = ref.find('/'); slash != std::string::npos) {
    ns = ref.substr(0, slash);
    name = ref.substr(slash + 1);
  }
  Service gateway;
  gateway.name = name;
  gateway.ns = ns;
  gateway.kind = "Gateway";
  gateway.is_gateway = true;
  gateway.in_mesh = true;
  gateway.membership = "gateway (Envoy proxy)";
  gateway.location = vs.location;
  for (const GatewayFact& g : c->gateways) {
    if (g.name == name && g.ns == ns) gateway.location = g.location;
  }
  return c->AddService(std::move(gateway));
}

void CallsFromGateways(ResolveContext* c) {
  for (const VirtualServiceFact& vs : c->virtual_services) {
    for (const std::string& gateway_ref : vs.gateways) {
      if (gateway_ref == "mesh") continue;
      int gateway = -1;
      for (const HttpRouteFact& route : vs.routes) {
        for (const RouteDestinationFact& d : route.destinations) {
          std::string why_not;
          auto ref = ParseHostReference(d.host, false);
          int callee =
              ref ? c->ResolveOrExternal(*ref, vs.ns, route.location, &why_not)
                  : -1;
          if (callee < 0) {
            c->Diagnose(route.location,
                        "VirtualService " + vs.name + " routes to '" + d.host +
                            "', which names no service (" +
                            (ref ? why_not : "not a host name") +
                            "); hop not analyzed",
                        Severity::kNote);
            continue;
          }
          if (gateway < 0) gateway = GatewayNode(gateway_ref, vs, c);
          c->AddCall(
              gateway, callee,
              {route.location, "VirtualService " + vs.name + " binds gateway " +
                                   gateway_ref + ", route " + route.name +
                                   " -> " + d.host});
        }
      }
    }
  }
}

void DeclaredCalls(ResolveContext* c) {
  for (const DeclaredCall& d : c->policy.calls) {
    int from = c->FindServiceRef(d.from, d.location, true);
    int to = c->FindServiceRef(d.to, d.location, true);
    if (from < 0 || to < 0) continue;
    c->AddCall(from, to,
               {d.location,
                "declared call" + (d.reason.empty() ? "" : ": " + d.reason)});
  }
}

}  // namespace

void BuildCalls(ResolveContext* c) {
  CallsFromEnvironment(c);
  CallsFromMountedConfigMaps(c);
  CallsFromClientConfig(c);
  CallsFromGateways(c);
  CallsFromGatewayApiRoutes(c);
  DeclaredCalls(c);
}

}  // namespace ampcheck
