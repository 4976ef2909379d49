// State shared by the resolve steps while one model is built.
#ifndef AMPCHECK_RESOLVE_RESOLVE_CONTEXT_H_
#define AMPCHECK_RESOLVE_RESOLVE_CONTEXT_H_

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analyzer/extract/policy.h"
#include "analyzer/facts/facts.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/istio_version.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// A call's (from, to) as one key for a hash map.
struct CallPairHash {
  size_t operator()(const std::pair<int, int>& call) const {
    return std::hash<unsigned long long>()(
        (static_cast<unsigned long long>(static_cast<unsigned>(call.first))
         << 32) |
        static_cast<unsigned>(call.second));
  }
};

struct ResolveContext {
  const Policy& policy;
  IstioVersion version;
  Model model;
  // Threads for the steps that work call by call (--jobs).
  int threads = 1;

  // Facts by kind, namespaces defaulted.
  std::vector<WorkloadFact> workloads;
  std::vector<ServiceFact> k8s_services;
  std::map<std::string, NamespaceFact> namespaces;          // by name
  std::map<std::string, const ConfigMapFact*> config_maps;  // "ns/name"
  std::vector<VirtualServiceFact> virtual_services;
  std::vector<DestinationRuleFact> destination_rules;
  std::vector<EnvoyFilterFact> envoy_filters;
  std::vector<GatewayFact> gateways;
  std::optional<MeshConfigFact> mesh_config;
  std::vector<GatewayApiFact> gateway_api;  // namespaces defaulted
  std::vector<LinkerdRetryFact> linkerd_retries;
  std::vector<ServiceProfileFact> service_profiles;
  std::vector<KumaPolicyFact> kuma_policies;
  std::vector<KumaMeshFact> kuma_meshes;
  std::vector<LayerFact> layer_facts;
  std::vector<std::pair<std::string, CallSiteFact>> call_sites;  // (file, fact)
  std::vector<BuildMarkerFact> build_markers;
  std::vector<std::string> files;  // every file read, display paths
  std::vector<std::pair<std::string, ConfigPropertyFact>>
      properties;  // (file, fact)
  // Dockerfile ENV, (Dockerfile, fact): env of the image built there.
  std::vector<std::pair<std::string, EnvVarFact>> image_env;
  bool any_istio_resource = false;

  // Service index of each workload ("ns/name" of the workload). Hash maps:
  // looked up once or more per call, never walked in order.
  std::unordered_map<std::string, int> workload_service;
  // Call index by (from, to).
  std::unordered_map<std::pair<int, int>, int, CallPairHash> call_index;
  // Call indexes by caller.
  std::vector<std::vector<int>> outgoing;
  // The port a call names, where its evidence says (for portLevelSettings).
  std::unordered_map<int, int> call_ports;

  explicit ResolveContext(const Policy& p) : policy(p) {}

  int AddService(Service service);
  int FindService(const std::string& ns, const std::string& name) const;
  // "name" or "ns/name" from the policy file; -1 with a diagnostic when
  // unknown.
  int FindServiceRef(const std::string& ref, const Location& where,
                     bool diagnose);
  // The service a host names, seen from namespace `from_ns`; -1 if none.
  int ResolveHost(const std::string& host, const std::string& from_ns) const;
  // The service a host names, or a node outside the inputs standing for it
  // (external_nodes.cc), located where it is first named; -1 when the host
  // names no service (the local host, a word that is no host name), with why
  // in *why_not.
  int ResolveOrExternal(const HostReference& ref, const std::string& from_ns,
                        const Location& named_at, std::string* why_not);
  int AddCall(int from, int to, Evidence evidence);
  // The port the call from -> to names (call_ports), 0 when none is known.
  // Looks up only: safe on the threads of a call-by-call step.
  int CallPort(int from, int to) const;
  void Assume(const std::string& text);
  // Safe to call from the threads of a call-by-call step: diagnostics are
  // sorted once resolve ends.
  void Diagnose(const Location& location, const std::string& message,
                Severity severity = Severity::kWarning);

 private:
  std::unordered_map<std::string, int> service_index_;
  std::set<std::string> assumed_;
  std::mutex diagnose_mutex_;
};

// The steps, in order.
void BuildServices(ResolveContext* context);
void DecideMembership(ResolveContext* context);
void BuildCalls(ResolveContext* context);
void AddApplicationLayers(ResolveContext* context);
void AddMeshLayers(ResolveContext* context);
void AddDeclarations(ResolveContext* context);
// The mesh layers of the calls whose caller runs that mesh's proxy
// (Service::mesh), or a note per call saying why there is none. Called by
// AddMeshLayers, which handles Istio's sidecars, gateways and ambient.
void AddLinkerdLayers(ResolveContext* context);
void AddKumaLayers(ResolveContext* context);
// The waypoint an ambient service's traffic goes through (istio.io/
// use-waypoint on its Service or namespace), as evidence naming it and where
// it is set; nullopt when none. The Service manifests are indexed by name
// once: asked per service and per call, a scan of them all made an ambient
// cluster quadratic.
class AmbientWaypoints {
 public:
  explicit AmbientWaypoints(const ResolveContext& context);
  std::optional<Evidence> Of(int service) const;

 private:
  const ResolveContext& context_;
  // "ns/name" -> the Service manifests of that name, in input order.
  std::unordered_map<std::string, std::vector<const ServiceFact*>> services_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_RESOLVE_CONTEXT_H_
