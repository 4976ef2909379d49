#include "analyzer/resolve/resolver.h"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "analyzer/base/stage_timer.h"
#include "analyzer/base/strings.h"
#include "analyzer/resolve/duplicate_resources.h"
#include "analyzer/resolve/envoy_layers.h"
#include "analyzer/resolve/gateway_api_layers.h"
#include "analyzer/resolve/grpc_services.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/ingress_nginx_layers.h"
#include "analyzer/resolve/local_workloads.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

int ResolveContext::AddService(Service service) {
  std::string key = service.Key();
  if (auto it = service_index_.find(key); it != service_index_.end())
    return it->second;
  model.services.push_back(std::move(service));
  int index = static_cast<int>(model.services.size()) - 1;
  service_index_[key] = index;
  return index;
}

int ResolveContext::FindService(const std::string& ns,
                                const std::string& name) const {
  auto it = service_index_.find(ns + "/" + name);
  return it == service_index_.end() ? -1 : it->second;
}

int ResolveContext::FindServiceRef(const std::string& ref,
                                   const Location& where, bool diagnose) {
  if (size_t slash = ref.find('/'); slash != std::string::npos) {
    int found = FindService(ref.substr(0, slash), ref.substr(slash + 1));
    if (found < 0 && diagnose)
      Diagnose(where, "policy: unknown service '" + ref + "'");
    return found;
  }
  int found = -1;
  int matches = 0;
  for (size_t i = 0; i < model.services.size(); ++i) {
    if (model.services[i].name == ref) {
      if (found < 0) found = static_cast<int>(i);
      ++matches;
    }
  }
  if (matches > 1 && diagnose) {
    Diagnose(where, "policy: service name '" + ref +
                        "' exists in several namespaces; using " +
                        model.services[found].Key() +
                        " (write namespace/name)");
  }
  if (found < 0 && diagnose)
    Diagnose(where, "policy: unknown service '" + ref + "'");
  return found;
}

int ResolveContext::ResolveHost(const std::string& host,
                                const std::string& from_ns) const {
  auto name = ParseServiceHost(host);
  if (!name) return -1;
  return FindService(name->ns.empty() ? from_ns : name->ns, name->name);
}

int ResolveContext::AddCall(int from, int to, Evidence evidence) {
  auto key = std::make_pair(from, to);
  auto it = call_index.find(key);
  if (it == call_index.end()) {
    Call call;
    call.from = from;
    call.to = to;
    model.calls.push_back(std::move(call));
    it =
        call_index.emplace(key, static_cast<int>(model.calls.size()) - 1).first;
    if (outgoing.size() < model.services.size()) {
      outgoing.resize(model.services.size());
    }
    outgoing[from].push_back(it->second);
  }
  std::vector<Evidence>& evidence_list = model.calls[it->second].evidence;
  if (std::find(evidence_list.begin(), evidence_list.end(), evidence) ==
      evidence_list.end()) {
    evidence_list.push_back(std::move(evidence));
  }
  return it->second;
}

int ResolveContext::CallPort(int from, int to) const {
  auto call = call_index.find({from, to});
  if (call == call_index.end()) return 0;
  auto port = call_ports.find(call->second);
  return port == call_ports.end() ? 0 : port->second;
}

void ResolveContext::Assume(const std::string& text) {
  if (assumed_.insert(text).second) model.assumptions.push_back(text);
}

void ResolveContext::Diagnose(const Location& location,
                              const std::string& message, Severity severity) {
  std::lock_guard<std::mutex> lock(diagnose_mutex_);
  model.diagnostics.push_back({location, message, severity});
}

namespace {

bool Selects(const std::map<std::string, std::string>& selector,
             const std::map<std::string, std::string>& labels) {
  if (selector.empty()) return false;
  for (const auto& [key, value] : selector) {
    auto it = labels.find(key);
    if (it == labels.end() || it->second != value) return false;
  }
  return true;
}

// Moves the resources out of `facts` (later passes read only namespaces,
// ConfigMaps, ingresses and proxy configs from there).
void Collect(std::vector<FileFacts>* facts, ResolveContext* c) {
  const std::string& default_ns = c->policy.default_namespace;
  auto ns_or_default = [&](std::string ns) {
    return ns.empty() ? default_ns : ns;
  };
  for (FileFacts& file : *facts) {
    if (!file.file.empty()) c->files.push_back(file.file);
    c->model.diagnostics.insert(
        c->model.diagnostics.end(),
        std::make_move_iterator(file.diagnostics.begin()),
        std::make_move_iterator(file.diagnostics.end()));
    c->model.skipped_documents += file.skipped_documents;
    if (file.kind == "kustomize") ++c->model.skipped_files["kustomize files"];
    for (NamespaceFact n : file.namespaces) c->namespaces.emplace(n.name, n);
    for (WorkloadFact& w : file.workloads) {
      w.ns = ns_or_default(std::move(w.ns));
      c->workloads.push_back(std::move(w));
    }
    for (ServiceFact& s : file.services) {
      s.ns = ns_or_default(std::move(s.ns));
      c->k8s_services.push_back(std::move(s));
    }
    for (const ConfigMapFact& cm : file.config_maps) {
      c->config_maps.emplace(ns_or_default(cm.ns) + "/" + cm.name, &cm);
    }
    for (VirtualServiceFact& vs : file.virtual_services) {
      vs.ns = ns_or_default(std::move(vs.ns));
      c->virtual_services.push_back(std::move(vs));
    }
    for (DestinationRuleFact& dr : file.destination_rules) {
      dr.ns = ns_or_default(std::move(dr.ns));
      c->destination_rules.push_back(std::move(dr));
    }
    for (EnvoyFilterFact& ef : file.envoy_filters)
      c->envoy_filters.push_back(std::move(ef));
    for (GatewayFact& gw : file.gateways) {
      gw.ns = ns_or_default(std::move(gw.ns));
      c->gateways.push_back(std::move(gw));
    }
    for (const MeshConfigFact& mesh : file.mesh_configs) {
      if (c->mesh_config) {
        c->Diagnose(mesh.location, "a second mesh config; the first one (" +
                                       c->mesh_config->location.ToString() +
                                       ") is used");
      } else {
        c->mesh_config = mesh;
      }
    }
    for (GatewayApiFact& g : file.gateway_api) {
      g.ns = ns_or_default(std::move(g.ns));
      c->gateway_api.push_back(std::move(g));
    }
    for (LinkerdRetryFact& r : file.linkerd_retries) {
      r.ns = ns_or_default(std::move(r.ns));
      c->linkerd_retries.push_back(std::move(r));
    }
    for (ServiceProfileFact& p : file.service_profiles) {
      p.ns = ns_or_default(std::move(p.ns));
      c->service_profiles.push_back(std::move(p));
    }
    for (KumaPolicyFact& p : file.kuma_policies) {
      p.ns = ns_or_default(std::move(p.ns));
      c->kuma_policies.push_back(std::move(p));
    }
    for (KumaMeshFact& m : file.kuma_meshes)
      c->kuma_meshes.push_back(std::move(m));
    for (LayerFact& layer : file.layers)
      c->layer_facts.push_back(std::move(layer));
    for (CallSiteFact& site : file.call_sites)
      c->call_sites.emplace_back(file.file, std::move(site));
    for (BuildMarkerFact& marker : file.build_markers)
      c->build_markers.push_back(std::move(marker));
    for (ConfigPropertyFact& p : file.properties)
      c->properties.emplace_back(file.file, std::move(p));
    for (EnvVarFact& e : file.image_env)
      c->image_env.emplace_back(file.file, std::move(e));
    c->any_istio_resource =
        c->any_istio_resource || !file.virtual_services.empty() ||
        !file.destination_rules.empty() || !file.gateways.empty() ||
        !file.envoy_filters.empty() || !file.mesh_configs.empty();
  }
}

}  // namespace

void BuildServices(ResolveContext* c) {
  DropShadowedLocalWorkloads(c);
  // A service per Service and per workload at most, before gateways and
  // external nodes: a large fleet's list is not moved as it grows.
  c->model.services.reserve(c->model.services.size() + c->k8s_services.size() +
                            c->workloads.size());
  c->workload_service.reserve(c->workloads.size());
  for (const ServiceFact& s : c->k8s_services) {
    Service service;
    service.name = s.name;
    service.ns = s.ns;
    service.kind = "Service";
    service.location = s.location;
    static const std::set<std::string> tcp = {"tcp",   "mysql", "mongo",
                                              "redis", "tls",   "udp"};
    service.tcp_only =
        !s.protocols.empty() &&
        std::all_of(s.protocols.begin(), s.protocols.end(),
                    [](const std::string& p) { return tcp.count(p) > 0; });
    if (service.tcp_only) {
      service.protocol_evidence = "Service " + s.name + " ports are " +
                                  Join(s.protocols, ", ") + " (" +
                                  s.location.ToString() + ")";
    }
    c->AddService(std::move(service));
  }
  // Services by (namespace, one of their selector labels): each workload
  // tests only the Services that could select it.
  std::unordered_map<std::string, std::vector<const ServiceFact*>> by_label;
  for (const ServiceFact& s : c->k8s_services) {
    if (s.selector.empty()) continue;
    const auto& [key, value] = *s.selector.begin();
    by_label[s.ns + "/" + key + "=" + value].push_back(&s);
  }
  for (const WorkloadFact& w : c->workloads) {
    // The workload's identity is the Service that selects it; the one named
    // like the workload wins when several do.
    int chosen = -1;
    for (const auto& [key, value] : w.labels) {
      auto candidates = by_label.find(w.ns + "/" + key + "=" + value);
      if (candidates == by_label.end()) continue;
      for (const ServiceFact* s : candidates->second) {
        if (!Selects(s->selector, w.labels)) continue;
        int index = c->FindService(s->ns, s->name);
        if (chosen < 0 || s->name == w.name) chosen = index;
      }
    }
    if (chosen < 0) {
      Service service;
      service.name = w.name;
      service.ns = w.ns;
      service.kind = w.kind;
      service.location = w.location;
      chosen = c->AddService(std::move(service));
    }
    Service& service = c->model.services[chosen];
    service.aliases.push_back(w.name);
    for (const std::string& image : w.images) service.aliases.push_back(image);
    c->workload_service[w.ns + "/" + w.name] = chosen;
  }
  for (const DeclaredService& d : c->policy.services) {
    std::string ns = c->policy.default_namespace;
    std::string name = d.ref;
    if (size_t slash = d.ref.find('/'); slash != std::string::npos) {
      ns = d.ref.substr(0, slash);
      name = d.ref.substr(slash + 1);
    }
    Service service;
    service.name = name;
    service.ns = ns;
    service.kind = "declared";
    service.location = d.location;
    service.tcp_only = d.protocol == "tcp";
    if (service.tcp_only) {
      service.protocol_evidence =
          "declared protocol: tcp (" + d.location.ToString() + ")";
    }
    c->AddService(std::move(service));
  }
}

Model Resolve(const std::vector<FileFacts>& facts, const Policy& policy,
              const ResolveOptions& options) {
  std::vector<FileFacts> copy = facts;
  return Resolve(std::move(copy), policy, options);
}

Model Resolve(std::vector<FileFacts>&& facts, const Policy& policy,
              const ResolveOptions& options) {
  ResolveContext context(policy);
  context.threads = std::max(1, options.threads);
  std::string version_text =
      !options.istio_version.empty()  ? options.istio_version
      : !policy.istio_version.empty() ? policy.istio_version
                                      : kLatestIstioVersion;
  auto version = IstioVersion::Parse(version_text);
  if (!version) {
    context.Diagnose({policy.file, 0},
                     "unknown Istio version '" + version_text + "'; using " +
                         kLatestIstioVersion,
                     Severity::kError);
    version = IstioVersion::Parse(kLatestIstioVersion);
  }
  context.version = *version;
  context.model.istio_version = context.version.ToString();
  context.model.max_tries = policy.max_tries;
  context.model.policy_file = policy.file;
  context.model.suppressions = policy.suppressions;
  for (const FileFacts& file : facts) {
    for (const InlineSuppressionFact& s : file.inline_suppressions)
      context.model.suppressions.push_back(
          {s.check, "", s.reason, s.at, s.target});
  }
  context.model.files = static_cast<int>(facts.size());
  {
    StageTimer timer("resolve: services");
    Collect(&facts, &context);
    DropDuplicateResources(facts, &context);
    BuildServices(&context);
    DecideMembership(&context);
  }
  {
    StageTimer timer("resolve: calls");
    BuildCalls(&context);
  }
  {
    StageTimer timer("resolve: application layers");
    AddApplicationLayers(&context);
    AddIngressNginxHops(facts, &context);
    AddProxyConfigCalls(facts, &context);
    MarkCallsToGrpcServices(&context);
  }
  {
    StageTimer timer("resolve: mesh layers");
    AddMeshLayers(&context);
    AddGatewayApiLayers(&context);
    NoteUnappliedGatewayApiBudgets(&context);
    AddDeclarations(&context);
  }
  StageTimer timer("resolve: model");
  Model model = std::move(context.model);
  model.Finalize();
  std::sort(model.diagnostics.begin(), model.diagnostics.end());
  model.diagnostics.erase(
      std::unique(model.diagnostics.begin(), model.diagnostics.end()),
      model.diagnostics.end());
  return model;
}

}  // namespace ampcheck
