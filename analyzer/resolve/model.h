// The resolved fleet: services, calls with their ordered layers and defaults
// applied, each number with its provenance. Built by resolve, read by analyze.
#ifndef AMPCHECK_RESOLVE_MODEL_H_
#define AMPCHECK_RESOLVE_MODEL_H_

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analyzer/base/layer.h"
#include "analyzer/extract/policy.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

struct Service {
  std::string name;
  std::string ns;
  // "Deployment", "Service", "Gateway", "declared": what proved it exists.
  std::string kind;
  Location location;
  bool in_mesh = false;
  std::string membership;  // why in_mesh is what it is
  // Which mesh's proxy carries its outbound calls when in_mesh: "istio"
  // (sidecar; also when only in_mesh is known), "istio-ambient", "linkerd",
  // "kuma".
  std::string mesh;
  bool is_gateway = false;
  // Only TCP ports (Istio protocol selection, or declared): HTTP retry
  // policies of the mesh do not apply to calls to it.
  bool tcp_only = false;
  std::string protocol_evidence;
  bool declared_entry = false;
  // Not in the inputs: named by a call (a cluster name in another repository
  // or namespace, a bare name, a host outside the cluster). external_reason
  // says which and what the node stands for.
  bool external = false;
  std::string external_reason;
  // Names of other identities (workloads, images) used for attribution.
  std::vector<std::string> aliases;
  // Pool and peak rate from the policy's capacity[] (saturation-risk).
  std::optional<CapacityDeclaration> capacity;

  // "orders", or "shop/orders" when the name repeats across namespaces.
  std::string display;

  std::string Key() const {
    std::string key;
    key.reserve(ns.size() + 1 + name.size());
    AppendKey(&key);
    return key;
  }
  void AppendKey(std::string* out) const { ((*out += ns) += '/') += name; }
};

struct Call {
  int from = -1;
  int to = -1;
  std::vector<Layer> layers;  // outermost first
  std::vector<Evidence> evidence;
  // The call's own declaration (policy call entry or annotation), if any;
  // shared with the service's or the route's it comes from.
  std::shared_ptr<const Documentation> declaration;
  // Layers whose target could not be resolved and were applied to every
  // outbound call of the service: listed so the output can say so.
  std::vector<std::string> notes;
  // The HTTP methods its source call sites use (CallSiteFact::method), each
  // where it was seen, and whether that site sends an idempotency key.
  struct Method {
    std::string method;
    Location location;
    bool idempotency_key = false;
    std::string note;  // CallSiteFact::method_note
    bool operator==(const Method&) const = default;
  };
  std::vector<Method> methods;
};

// What became of the call sites extracted from source and config, and of
// the application layers: counted so that none disappears unseen.
struct ResolveCounts {
  int call_sites_resolved = 0;    // to a service in the inputs
  int call_sites_external = 0;    // to a node outside the inputs
  int call_sites_unresolved = 0;  // no address known: a diagnostic each
  // envFrom entries naming a host that the workload's source never reads
  int env_from_unread = 0;
  int layers_targeted = 0;  // by their own target
  int layers_bound = 0;     // to the call sites in their scope
  int layers_assumed = 0;   // to every outbound call: an assumption
  int layers_no_edge = 0;   // on a data store connection
  int layers_no_call = 0;   // their service makes no known call
  int layers_merged = 0;    // overloads retried alike, counted once
};

struct Model {
  std::vector<Service> services;  // sorted by (ns, name)
  std::vector<Call> calls;        // sorted by (from, to)
  std::vector<Documentation> path_declarations;
  uint64_t max_tries = 10;
  std::string istio_version;
  // Assumptions stated in the output (membership, versions, defaults).
  std::vector<std::string> assumptions;
  std::vector<Diagnostic> diagnostics;
  // The policy file the run used, as outputs name it; "" when none.
  std::string policy_file;
  int files = 0;
  // The top directory of each source tree (a repository in an audit) and the
  // services its files are attributed to, retry layers or not, by
  // Service::Key() (indexes move when Finalize sorts the services).
  std::map<std::string, std::set<std::string>> source_roots;
  int skipped_documents = 0;
  std::map<std::string, int> skipped_files;
  std::vector<Suppression> suppressions;
  ResolveCounts counts;

  const std::string& DisplayName(int service) const {
    return services[service].display;
  }
  // The index of namespace/name, or -1.
  int Find(const std::string& ns, const std::string& name) const;
  // Sorts services and calls, names services, builds the index. Resolve calls
  // it once the graph is complete.
  void Finalize();

 private:
  std::map<std::string, int> index_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_MODEL_H_
