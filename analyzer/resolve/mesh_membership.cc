#include "analyzer/resolve/mesh_membership.h"

#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {
namespace {

using Map = std::map<std::string, std::string>;

const std::string* Find(const Map& map, const std::string& key) {
  auto it = map.find(key);
  return it == map.end() ? nullptr : &it->second;
}

std::string Said(const std::string& owner, const char* what,
                 const std::string& key, const std::string& value,
                 const Location& where) {
  return owner + " " + what + " " + key + "=" + value + " (" +
         where.ToString() + ")";
}

// Linkerd's injector reads the annotation only ("enabled", or "ingress" for
// an ingress controller's proxy); a label of that name does nothing.
std::optional<MeshDecision> Linkerd(const std::string& owner,
                                    const Map& annotations, const Map& labels,
                                    const Location& where) {
  const std::string key = "linkerd.io/inject";
  if (const std::string* value = Find(annotations, key)) {
    bool on = *value == "enabled" || *value == "ingress";
    return MeshDecision{
        on, on ? "linkerd" : "",
        "Linkerd: " + Said(owner, "annotation", key, *value, where) +
            (on ? "" : ", no proxy")};
  }
  if (const std::string* value = Find(labels, key)) {
    return MeshDecision{false, "",
                        "Linkerd: " + Said(owner, "label", key, *value, where) +
                            " is not read (the injector reads the "
                            "annotation), no proxy"};
  }
  return std::nullopt;
}

// Kuma's injector reads the label on namespaces and pods (the annotation on
// pods too, deprecated); "enabled" or "true" injects.
std::optional<MeshDecision> Kuma(const std::string& owner,
                                 const Map& annotations, const Map& labels,
                                 const Location& where) {
  const std::string key = "kuma.io/sidecar-injection";
  for (const Map* map : {&labels, &annotations}) {
    if (const std::string* value = Find(*map, key)) {
      bool on = *value == "enabled" || *value == "true";
      return MeshDecision{
          on, on ? "kuma" : "",
          "Kuma: " +
              Said(owner, map == &labels ? "label" : "annotation", key, *value,
                   where) +
              (on ? "" : ", no sidecar")};
    }
  }
  return std::nullopt;
}

// Istio ambient: the label captures the pods' traffic in ztunnel; "none" on a
// pod opts it out of its namespace's mode.
std::optional<MeshDecision> Ambient(const std::string& owner, const Map& labels,
                                    const Location& where) {
  const std::string key = "istio.io/dataplane-mode";
  const std::string* value = Find(labels, key);
  if (!value) return std::nullopt;
  bool on = *value == "ambient";
  return MeshDecision{
      on, on ? "istio-ambient" : "",
      "Istio ambient: " + Said(owner, "label", key, *value, where) +
          (on ? "" : ", not captured")};
}

std::optional<MeshDecision> FirstOf(std::optional<MeshDecision> a,
                                    std::optional<MeshDecision> b,
                                    std::optional<MeshDecision> c) {
  if (a) return a;
  if (b) return b;
  return c;
}

}  // namespace

std::optional<MeshDecision> OtherMeshOfPod(const WorkloadFact& w) {
  std::string owner = w.kind + " " + w.name + " pod";
  return FirstOf(Linkerd(owner, w.annotations, {}, w.location),
                 Kuma(owner, w.annotations, w.labels, w.location),
                 Ambient(owner, w.labels, w.location));
}

std::optional<MeshDecision> OtherMeshOfNamespace(const NamespaceFact& n) {
  std::string owner = "namespace " + n.name;
  return FirstOf(Linkerd(owner, n.annotations, n.labels, n.location),
                 Kuma(owner, {}, n.labels, n.location),
                 Ambient(owner, n.labels, n.location));
}

std::vector<std::string> KumaMeshes(const ResolveContext& c) {
  const std::string key = "kuma.io/mesh";
  std::vector<std::string> meshes(c.model.services.size());
  std::vector<char> from_pod(c.model.services.size(), false);
  for (const WorkloadFact& w : c.workloads) {
    auto it = c.workload_service.find(w.ns + "/" + w.name);
    if (it == c.workload_service.end() || from_pod[it->second]) continue;
    if (const std::string* mesh = Find(w.annotations, key)) {
      meshes[it->second] = *mesh;
      from_pod[it->second] = true;
    }
  }
  for (size_t s = 0; s < meshes.size(); ++s) {
    if (from_pod[s]) continue;
    meshes[s] = "default";
    auto ns = c.namespaces.find(c.model.services[s].ns);
    if (ns != c.namespaces.end()) {
      if (const std::string* mesh = Find(ns->second.annotations, key))
        meshes[s] = *mesh;
    }
  }
  return meshes;
}

}  // namespace ampcheck
