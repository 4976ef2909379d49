// Kuma's mesh layer: the caller's sidecar retries as the MeshRetry policies
// that select it and the callee say, with MeshTimeout's request timeout.
// A new mesh gets mesh-retry-all-default (HTTP numRetries 5, perTryTimeout
// 16s), mesh-timeout-all-default (requestTimeout 15s) and
// mesh-circuit-breaker-all-default (maxRetries 3) unless the Mesh lists them
// in skipCreatingInitialPolicies (Kuma 2.x docs, "Skipping default resource
// creation"; reference/mesh.md section 7); they are modelled as Kuma's
// defaults, below every written policy.
//
// Merging (Kuma's targetRef policies): policies ordered by the kind of their
// top-level targetRef (Mesh, MeshSubset, MeshService) then by name; their
// matching spec.to[] entries applied in that order, each field set replacing
// the earlier value.
#include <algorithm>
#include <set>
#include <unordered_map>
#include <utility>

#include "analyzer/base/strings.h"
#include "analyzer/resolve/mesh_membership.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {
namespace {

constexpr long long kDefaultNumRetries = 5;
constexpr Millis kDefaultPerTryTimeout = 16000;
constexpr Millis kDefaultBackoffBase = 25;
constexpr Millis kDefaultBackoffMax = 250;
constexpr Millis kDefaultRequestTimeout = 15000;
constexpr long long kDefaultMaxRetries = 3;  // concurrent, per proxy

int TopRank(const std::string& kind) {
  if (kind == "Mesh") return 0;
  if (kind == "MeshSubset") return 1;
  return 2;  // MeshService, MeshServiceSubset, Dataplane
}

// A service named by a targetRef: "backend" (MeshService, with an optional
// namespace) or the legacy kuma.io/service tag "backend_shop_svc_8080".
bool Names(const std::string& name, const std::string& ns,
           const Service& service) {
  if (name.empty()) return false;
  if (size_t svc = name.find("_svc_"); svc != std::string::npos) {
    return name.substr(0, svc) == service.name + "_" + service.ns;
  }
  return name == service.name && (ns.empty() || ns == service.ns);
}

// Whether a policy's top-level targetRef selects the caller's proxy; a
// MeshSubset's tags are not evaluated and are assumed to select it.
bool SelectsCaller(const KumaPolicyFact& p, const Service& caller) {
  if (p.target_kind == "Mesh" || p.target_kind == "MeshSubset") return true;
  if (p.target_kind == "MeshService" || p.target_kind == "MeshServiceSubset" ||
      p.target_kind == "Dataplane")
    return Names(p.target_name, "", caller);
  return false;  // MeshGateway, MeshHTTPRoute: not a sidecar's outbound
}

bool ToMatches(const KumaToFact& to, const Service& callee) {
  if (to.target_kind == "Mesh") return true;
  if (to.target_kind == "MeshService")
    return Names(to.target_name, to.target_namespace, callee);
  return false;
}

bool Skipped(const KumaMeshFact* mesh, const std::string& kind) {
  if (!mesh) return false;
  for (const std::string& entry : mesh->skip_initial_policies) {
    if (entry == "*" || entry == kind) return true;
  }
  return false;
}

struct Merged {
  std::optional<long long> num_retries;
  std::string retries_from;  // policy name
  Location retries_at;
  bool retries_default = false;
  std::optional<Millis> per_try_timeout;
  std::optional<Millis> backoff_base;
  std::optional<Millis> backoff_max;
  std::vector<std::string> retry_on;
  std::optional<Millis> request_timeout;
  std::string timeout_from;
  std::vector<Evidence> evidence;
  bool any_retry_entry = false;
};

class KumaResolver {
 public:
  explicit KumaResolver(ResolveContext* c)
      : c_(*c), service_meshes_(KumaMeshes(*c)) {
    for (const KumaMeshFact& m : c->kuma_meshes) meshes_[m.name] = &m;
    for (const KumaPolicyFact& p : c->kuma_policies) policies_.push_back(&p);
    std::sort(policies_.begin(), policies_.end(),
              [](const KumaPolicyFact* a, const KumaPolicyFact* b) {
                return std::make_pair(TopRank(a->target_kind), a->name) <
                       std::make_pair(TopRank(b->target_kind), b->name);
              });
    for (size_t p = 0; p < policies_.size(); ++p) {
      const KumaPolicyFact& policy = *policies_[p];
      if ((policy.kind == "MeshRetry" &&
           policy.name == "mesh-retry-all-default") ||
          (policy.kind == "MeshTimeout" &&
           policy.name == "mesh-timeout-all-default"))
        written_.insert({policy.kind, policy.mesh});
      for (size_t t = 0; t < policy.to.size(); ++t) {
        const KumaToFact& to = policy.to[t];
        if (to.target_kind == "Mesh") {
          to_any_.push_back({p, t});
        } else if (to.target_kind == "MeshService") {
          size_t svc = to.target_name.find("_svc_");
          to_named_[svc == std::string::npos ? to.target_name
                                             : to.target_name.substr(0, svc)]
              .push_back({p, t});
        }
      }
    }
  }

  void Resolve(Call* call) {
    const Service& caller = c_.model.services[call->from];
    const Service& callee = c_.model.services[call->to];
    const std::string& mesh = service_meshes_[call->from];
    if (!callee.in_mesh || callee.mesh != "kuma" ||
        service_meshes_[call->to] != mesh) {
      call->notes.push_back("no mesh retry layer: " + callee.name +
                            " is not in Kuma mesh " + mesh +
                            "; the sidecar passes the call through and no "
                            "MeshRetry applies");
      return;
    }
    const KumaMeshFact* mesh_fact =
        meshes_.count(mesh) ? meshes_.at(mesh) : nullptr;
    Merged m;
    ApplyDefaults(mesh, mesh_fact, &m);
    // The policies' to[] entries that may match the callee, in the order
    // of the policies, then of their entries.
    std::vector<std::pair<size_t, size_t>> entries = to_any_;
    for (const std::string& key :
         {callee.name, callee.name + "_" + callee.ns}) {
      auto named = to_named_.find(key);
      if (named != to_named_.end())
        entries.insert(entries.end(), named->second.begin(),
                       named->second.end());
    }
    std::sort(entries.begin(), entries.end());
    entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
    for (const auto& [p, t] : entries) {
      const KumaPolicyFact& policy = *policies_[p];
      if (policy.mesh != mesh || !SelectsCaller(policy, caller)) continue;
      if (ToMatches(policy.to[t], callee)) Apply(policy, policy.to[t], &m);
    }
    if (!m.any_retry_entry) {
      call->notes.push_back("no mesh retry layer: no MeshRetry in Kuma mesh " +
                            mesh + " applies to " + callee.name);
      return;
    }
    call->layers.push_back(ToLayer(mesh, mesh_fact, m));
  }

 private:
  void ApplyDefaults(const std::string& mesh, const KumaMeshFact* mesh_fact,
                     Merged* m) {
    if (!mesh_fact) {
      c_.Assume("Kuma mesh " + mesh +
                ": no Mesh resource in the inputs; assumed created with its "
                "initial policies (mesh-retry-all-default, "
                "mesh-timeout-all-default, mesh-circuit-breaker-all-default)");
    }
    if (!Skipped(mesh_fact, "MeshRetry") && !Written("MeshRetry", mesh)) {
      m->any_retry_entry = true;
      m->num_retries = kDefaultNumRetries;
      m->retries_from = "mesh-retry-all-default";
      m->retries_default = true;
      if (mesh_fact) m->retries_at = mesh_fact->location;
      m->per_try_timeout = kDefaultPerTryTimeout;
      m->backoff_base = kDefaultBackoffBase;
      m->backoff_max = kDefaultBackoffMax;
    }
    if (!Skipped(mesh_fact, "MeshTimeout") && !Written("MeshTimeout", mesh)) {
      m->request_timeout = kDefaultRequestTimeout;
      m->timeout_from = "Kuma default MeshTimeout mesh-timeout-all-default";
    }
  }

  // The default policy is in the inputs (an export of the cluster): it is
  // read as written instead.
  bool Written(const std::string& kind, const std::string& mesh) const {
    return written_.count({kind, mesh}) > 0;
  }

  void Apply(const KumaPolicyFact& p, const KumaToFact& to, Merged* m) {
    std::string where = p.kind + " " + p.name + " to " + to.target_kind +
                        (to.target_name.empty() ? "" : " " + to.target_name);
    if (p.kind == "MeshTimeout") {
      if (!to.request_timeout) return;
      m->request_timeout = to.request_timeout;
      m->timeout_from = "MeshTimeout " + p.name;
      m->evidence.push_back(
          {to.location, where + ": http.requestTimeout " +
                            FormatDuration(*to.request_timeout)});
      return;
    }
    m->any_retry_entry = true;
    std::vector<std::string> set;
    if (to.num_retries) {
      m->num_retries = to.num_retries;
      m->retries_from = p.name;
      m->retries_at = to.location;
      m->retries_default = false;
      set.push_back("numRetries " + std::to_string(*to.num_retries));
    }
    if (to.per_try_timeout) {
      m->per_try_timeout = to.per_try_timeout;
      set.push_back("perTryTimeout " + FormatDuration(*to.per_try_timeout));
    }
    if (to.backoff_base) m->backoff_base = to.backoff_base;
    if (to.backoff_max) m->backoff_max = to.backoff_max;
    if (!to.retry_on.empty()) {
      m->retry_on = to.retry_on;
      set.push_back("retryOn " + Join(to.retry_on, ","));
    }
    m->evidence.push_back({to.location, where + ": " +
                                            (set.empty() ? "no http retry field"
                                                         : Join(set, ", "))});
  }

  Layer ToLayer(const std::string& mesh, const KumaMeshFact* mesh_fact,
                const Merged& m) {
    Layer layer;
    layer.kind = LayerKind::kMesh;
    // numRetries unset in every entry: Envoy's default of 1 retry.
    long long retries = m.num_retries.value_or(1);
    layer.tries = Tries::FromRetries(static_cast<uint64_t>(retries));
    std::string count = layer.tries.ToString() + " tries";
    if (m.retries_default) {
      layer.provenance = Provenance::kMeshDefault;
      layer.shared = true;
      layer.origin = "Kuma default MeshRetry mesh-retry-all-default";
      layer.detail =
          "Kuma default MeshRetry mesh-retry-all-default (created with mesh " +
          mesh + " unless skipCreatingInitialPolicies lists it): numRetries " +
          std::to_string(retries) + " (retries) = " + count;
    } else if (m.num_retries) {
      layer.provenance = Provenance::kExplicit;
      layer.origin = "MeshRetry " + m.retries_from;
      layer.detail = "MeshRetry " + m.retries_from + ": numRetries " +
                     std::to_string(retries) + " (retries) = " + count;
    } else {
      layer.provenance = Provenance::kExplicit;
      layer.origin = "MeshRetry";
      layer.detail =
          "MeshRetry without http.numRetries: Envoy's default of "
          "1 retry = " +
          count;
    }
    layer.location = m.retries_at;
    if (!layer.location.known() && !m.evidence.empty())
      layer.location = m.evidence.front().location;
    layer.per_try_timeout = m.per_try_timeout;
    if (m.per_try_timeout)
      layer.detail += ", perTryTimeout " + FormatDuration(*m.per_try_timeout);
    layer.total_timeout = m.request_timeout;
    if (m.request_timeout && *m.request_timeout == 0)
      layer.total_timeout.reset();  // 0s disables it
    if (m.request_timeout)
      layer.detail += ", requestTimeout " + FormatDuration(*m.request_timeout) +
                      " (" + m.timeout_from + ")";
    layer.retry_on = m.retry_on;
    // Envoy's back-off: exponential from the base, fully jittered.
    layer.backoff = Backoff{m.backoff_base.value_or(kDefaultBackoffBase),
                            m.backoff_max.value_or(kDefaultBackoffBase * 10),
                            true, std::nullopt, std::nullopt};
    layer.evidence = m.evidence;
    if (!Skipped(mesh_fact, "MeshCircuitBreaker")) {
      layer.max_concurrent_retries = kDefaultMaxRetries;
      layer.evidence.push_back(
          {mesh_fact ? mesh_fact->location : Location{},
           "Kuma default MeshCircuitBreaker mesh-circuit-breaker-all-default: "
           "maxRetries 3 (concurrent retries, not tries)"});
    }
    return layer;
  }

  ResolveContext& c_;
  std::vector<std::string> service_meshes_;  // by service
  std::map<std::string, const KumaMeshFact*> meshes_;
  std::vector<const KumaPolicyFact*> policies_;  // in merge order
  // (kind, mesh) of the initial policies written in the inputs.
  std::set<std::pair<std::string, std::string>> written_;
  // to[] entries as (policy, entry) indexes: those that target the Mesh,
  // and those that name a MeshService, by its name (or legacy tag prefix,
  // "<name>_<ns>").
  std::vector<std::pair<size_t, size_t>> to_any_;
  std::unordered_map<std::string, std::vector<std::pair<size_t, size_t>>>
      to_named_;
};

}  // namespace

void AddKumaLayers(ResolveContext* c) {
  KumaResolver resolver(c);
  for (Call& call : c->model.calls) {
    const Service& caller = c->model.services[call.from];
    if (caller.in_mesh && caller.mesh == "kuma") resolver.Resolve(&call);
  }
}

}  // namespace ampcheck
