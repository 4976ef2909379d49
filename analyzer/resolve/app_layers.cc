// Application layers: declared in the policy file, or found in source and
// application config and attributed to a service. Layers of one service that
// wrap the same call stack outermost first (consumer, handler, decorator,
// client); a layer whose target cannot be resolved applies to every outbound
// call of its service, and the call says so.
#include <algorithm>

#include "analyzer/base/strings.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {
namespace {

std::string ImageName(const std::string& image) {
  std::string name = image.substr(0, image.find('@'));
  size_t slash = name.rfind('/');
  if (slash != std::string::npos) name = name.substr(slash + 1);
  return name.substr(0, name.find(':'));
}

// Directory -> service: the nearest directory with a build marker, matched
// against service, workload and image names, case-insensitively.
class Attribution {
 public:
  explicit Attribution(ResolveContext* c) : c_(c) {
    for (size_t i = 0; i < c->model.services.size(); ++i) {
      const Service& s = c->model.services[i];
      names_.emplace(ToLower(s.name), static_cast<int>(i));
      for (const std::string& alias : s.aliases) {
        names_.emplace(ToLower(ImageName(alias)), static_cast<int>(i));
      }
    }
    for (const BuildMarkerFact& m : c->build_markers)
      markers_[m.directory].push_back(m);
  }

  int ServiceOf(const std::string& file) const {
    std::string dir = file.substr(
        0, file.rfind('/') == std::string::npos ? 0 : file.rfind('/'));
    while (true) {
      if (auto it = markers_.find(dir); it != markers_.end()) {
        for (const BuildMarkerFact& m : it->second) {
          if (int s = Match(m.name); s >= 0) return s;
        }
        if (int s = Match(BaseName(dir)); s >= 0) return s;
      }
      if (dir.empty()) break;
      size_t slash = dir.rfind('/');
      dir = slash == std::string::npos ? "" : dir.substr(0, slash);
    }
    // No marker matched: the nearest directory named like a service.
    dir = file;
    while (true) {
      size_t slash = dir.rfind('/');
      if (slash == std::string::npos) return -1;
      dir = dir.substr(0, slash);
      if (int s = Match(BaseName(dir)); s >= 0) return s;
    }
  }

 private:
  static std::string BaseName(const std::string& path) {
    std::string name = path.substr(
        path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
    return name.substr(
        name.rfind('/') == std::string::npos ? 0 : name.rfind('/') + 1);
  }

  int Match(const std::string& name) const {
    std::string key = ToLower(BaseName(name));
    auto it = names_.find(key);
    return it == names_.end() ? -1 : it->second;
  }

  ResolveContext* c_;
  std::multimap<std::string, int> names_;
  std::map<std::string, std::vector<BuildMarkerFact>> markers_;
};

// Spring relaxed binding: maxAttempts, max-attempts and max_attempts are one
// key; "${pricing.base-url:default}" names pricing.base-url.
std::string PropertyKey(std::string key) {
  if (StartsWith(key, "${")) key = key.substr(2, key.find_first_of(":}") - 2);
  std::string out;
  for (char c : ToLower(key)) {
    if (c != '-' && c != '_') out += c;
  }
  return out;
}

// Application config properties of each service, by normalized key.
using Properties = std::map<int, std::map<std::string, ConfigPropertyFact>>;

const ConfigPropertyFact* FindProperty(const Properties& properties,
                                       int service, const std::string& key) {
  auto it = properties.find(service);
  if (it == properties.end()) return nullptr;
  auto found = it->second.find(PropertyKey(key));
  return found == it->second.end() ? nullptr : &found->second;
}

// The service a layer's target names, seen from `service`; -1 if unresolved.
int ResolveTarget(const Target& target, int service,
                  const Properties& properties, ResolveContext* c) {
  const Service& s = c->model.services[service];
  std::string host;
  if (target.kind == TargetKind::kProperty) {
    if (const ConfigPropertyFact* p =
            FindProperty(properties, service, target.value)) {
      if (auto ref = ParseHostReference(p->value, false)) host = ref->host;
    }
  }
  if (target.kind == TargetKind::kUrl || target.kind == TargetKind::kHost) {
    auto ref = ParseHostReference(target.value, false);
    if (!ref) return -1;
    host = ref->host;
  } else if (target.kind == TargetKind::kEnv) {
    for (const WorkloadFact& w : c->workloads) {
      if (c->workload_service[w.ns + "/" + w.name] != service) continue;
      for (const EnvVarFact& e : w.env) {
        if (e.name == target.value && e.value) {
          if (auto ref = ParseHostReference(*e.value, false)) host = ref->host;
        }
      }
    }
  }
  if (host.empty()) return -1;
  return c->ResolveHost(host, s.ns);
}

void ApplyLayer(const Layer& layer, int service, const Target& target,
                const std::string& label, const Properties& properties,
                ResolveContext* c) {
  if (target.kind != TargetKind::kNone) {
    int callee = ResolveTarget(target, service, properties, c);
    if (callee >= 0 && callee != service) {
      int call =
          c->AddCall(service, callee,
                     {layer.location, label + " targets " + target.value});
      c->model.calls[call].layers.push_back(layer);
      return;
    }
  }
  bool applied = false;
  for (Call& call : c->model.calls) {
    if (call.from != service) continue;
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

}  // namespace

// A count set in application config replaces the layer's default or
// annotation count (resilience4j.retry.instances.<name>.maxAttempts).
Layer WithConfiguredTries(const LayerFact& fact, int service,
                          const Properties& properties) {
  Layer layer = fact.layer;
  if (fact.tries_property.empty()) return layer;
  const ConfigPropertyFact* p =
      FindProperty(properties, service, fact.tries_property);
  long long n;
  if (!p || !ParseInt(Trim(p->value), &n) || n < 0) return layer;
  bool retries = fact.tries_property_semantics == "retries";
  layer.tries = retries ? Tries::FromRetries(static_cast<uint64_t>(n))
                        : Tries::Of(static_cast<uint64_t>(n));
  layer.provenance = Provenance::kExplicit;
  layer.detail += "; " + fact.tries_property + " = " + std::to_string(n) +
                  " (" + (retries ? "retries" : "tries") +
                  ") = " + layer.tries.ToString() + " tries";
  layer.evidence.push_back({p->location, p->key + ": " + p->value});
  return layer;
}

void AddApplicationLayers(ResolveContext* c) {
  Attribution attribution(c);
  Properties properties;
  for (const auto& [file, property] : c->properties) {
    int service = attribution.ServiceOf(file);
    if (service >= 0)
      properties[service].emplace(PropertyKey(property.key), property);
  }
  // Call sites first, so untargeted layers see every call.
  for (const auto& [file, site] : c->call_sites) {
    int service = attribution.ServiceOf(file);
    if (service < 0) continue;
    int callee = ResolveTarget(site.target, service, properties, c);
    if (callee >= 0 && callee != service)
      c->AddCall(service, callee, {site.location, site.detail});
  }
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
    ApplyLayer(d.layer, service, target, "declared layer", properties, c);
  }
  for (const LayerFact& fact : c->layer_facts) {
    int service =
        fact.service.empty()
            ? attribution.ServiceOf(fact.layer.location.file)
            : c->FindServiceRef(fact.service, fact.layer.location, true);
    if (service < 0) {
      c->Diagnose(fact.layer.location,
                  fact.layer.origin +
                      " retry layer not attributed to any service (no build "
                      "marker or directory matches a service name)",
                  Severity::kNote);
      continue;
    }
    ApplyLayer(WithConfiguredTries(fact, service, properties), service,
               fact.target, fact.layer.origin, properties, c);
  }
  for (Call& call : c->model.calls) {
    std::stable_sort(
        call.layers.begin(), call.layers.end(),
        [](const Layer& a, const Layer& b) { return a.kind < b.kind; });
  }
}

}  // namespace ampcheck
