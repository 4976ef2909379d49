// The resolved fleet: services, calls with their ordered layers and defaults
// applied, each number with its provenance. Built by resolve, read by analyze.
#ifndef AMPCHECK_RESOLVE_MODEL_H_
#define AMPCHECK_RESOLVE_MODEL_H_

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analyzer/base/layer.h"
#include "analyzer/facts/facts.h"
#include "analyzer/extract/policy.h"

namespace ampcheck {

struct Service {
  std::string name;
  std::string ns;
  // "Deployment", "Service", "Gateway", "declared": what proved it exists.
  std::string kind;
  Location location;
  bool in_mesh = false;
  std::string membership;  // why in_mesh is what it is
  bool is_gateway = false;
  // Only TCP ports (Istio protocol selection, or declared): HTTP retry
  // policies of the mesh do not apply to calls to it.
  bool tcp_only = false;
  std::string protocol_evidence;
  bool declared_entry = false;
  // Names of other identities (workloads, images) used for attribution.
  std::vector<std::string> aliases;
  // Declaration from the workload's ampcheck.io annotations.
  std::optional<Documentation> declaration;
  // Pool and peak rate from the policy's capacity[] (saturation-risk).
  std::optional<CapacityDeclaration> capacity;

  // "orders", or "shop/orders" when the name repeats across namespaces.
  std::string display;

  std::string Key() const { return ns + "/" + name; }
};

struct Call {
  int from = -1;
  int to = -1;
  std::vector<Layer> layers;  // outermost first
  std::vector<Evidence> evidence;
  // The call's own declaration (policy call entry or annotation), if any.
  std::optional<Documentation> declaration;
  // Layers whose target could not be resolved and were applied to every
  // outbound call of the service: listed so the output can say so.
  std::vector<std::string> notes;
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
  int files = 0;
  // The top directory of each source tree (a repository in an audit) and the
  // services its files are attributed to, retry layers or not, by
  // Service::Key() (indexes move when Finalize sorts the services).
  std::map<std::string, std::set<std::string>> source_roots;
  int skipped_documents = 0;
  std::map<std::string, int> skipped_files;
  std::vector<Suppression> suppressions;

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
