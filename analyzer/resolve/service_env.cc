#include "analyzer/resolve/service_env.h"

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/aspire/aspire_app_host.h"

namespace ampcheck {
namespace {

bool IsDotnetConfig(const std::string& file) {
  std::string name = ToLower(BaseName(file));
  return StartsWith(name, "appsettings") && EndsWith(name, ".json");
}

void WorkloadValues(const WorkloadFact& w, ResolveContext* c,
                    std::vector<EnvValue>* out) {
  for (const EnvVarFact& e : w.env) {
    if (e.value) {
      EnvValue v;
      // Aspire writes no env line of its own: say who sets the value.
      if (w.kind == kAspireResourceKind) v.source = "AppHost env";
      v.name = e.name;
      v.value = *e.value;
      v.location = e.location;
      v.label = "env " + e.name;
      out->push_back(std::move(v));
    } else if (!e.config_map.empty()) {
      auto it = c->config_maps.find(w.ns + "/" + e.config_map);
      if (it == c->config_maps.end()) continue;
      for (const ConfigMapEntry& entry : it->second->data) {
        if (entry.key != e.config_map_key) continue;
        EnvValue v;
        v.name = e.name;
        v.value = entry.value;
        v.location = entry.location;
        v.via = " (ConfigMap " + e.config_map + " key " + entry.key +
                ", env at " + e.location.ToString() + ")";
        v.label = "env " + e.name + " (ConfigMap " + e.config_map + ")";
        out->push_back(std::move(v));
      }
    }
  }
  for (const auto& [cm_name, at] : w.env_from_config_maps) {
    auto it = c->config_maps.find(w.ns + "/" + cm_name);
    if (it == c->config_maps.end()) continue;
    for (const ConfigMapEntry& entry : it->second->data) {
      EnvValue v;
      v.name = entry.key;
      v.value = entry.value;
      v.location = entry.location;
      v.via = " (envFrom ConfigMap " + cm_name + ")";
      v.shared = true;
      v.label = "env " + entry.key + " (envFrom ConfigMap " + cm_name + ")";
      out->push_back(std::move(v));
    }
  }
}

}  // namespace

std::string DotnetConfigKey(const std::string& name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '_' && i + 1 < name.size() && name[i + 1] == '_') {
      out += ':';
      ++i;
    } else {
      out +=
          static_cast<char>(std::tolower(static_cast<unsigned char>(name[i])));
    }
  }
  return out;
}

ServiceEnvironment::ServiceEnvironment(ResolveContext* c,
                                       const Attribution& attribution) {
  for (const WorkloadFact& w : c->workloads) {
    auto it = c->workload_service.find(w.ns + "/" + w.name);
    if (it == c->workload_service.end()) continue;
    // Workloads of one service (canary Deployments behind one Service) keep
    // their own values; within a workload, env wins over envFrom.
    std::vector<EnvValue> values;
    WorkloadValues(w, c, &values);
    std::vector<EnvValue>& list = values_[it->second];
    for (size_t i = 0; i < values.size(); ++i) {
      bool shadowed = false;
      for (size_t j = 0; j < i; ++j)
        shadowed = shadowed || values[j].name == values[i].name;
      if (!shadowed) list.push_back(std::move(values[i]));
    }
  }
  for (const auto& [file, e] : c->image_env) {
    int service = attribution.ServiceOf(file);
    if (service < 0 || !e.value) continue;
    EnvValue v;
    v.name = e.name;
    v.value = *e.value;
    v.location = e.location;
    v.source = "Dockerfile ENV";
    v.label = "Dockerfile ENV " + e.name;
    Add(service, std::move(v));
  }
  for (const auto& [file, p] : c->properties) {
    if (!IsDotnetConfig(file)) continue;
    int service = attribution.ServiceOf(file);
    if (service < 0) continue;
    EnvValue v;
    v.name = p.key;
    v.value = p.value;
    v.location = p.location;
    v.source = BaseName(file);
    v.label = p.key;
    v.from_config = true;
    Add(service, std::move(v));
  }
}

void ServiceEnvironment::Add(int service, EnvValue value) {
  std::vector<EnvValue>& list = values_[service];
  std::string key = DotnetConfigKey(value.name);
  for (const EnvValue& existing : list) {
    // Env names are case-sensitive; a .NET config key matches env
    // case-insensitively with '__' for ':'.
    bool same = value.from_config || existing.from_config
                    ? DotnetConfigKey(existing.name) == key
                    : existing.name == value.name;
    if (same) return;
  }
  list.push_back(std::move(value));
}

const std::vector<EnvValue>& ServiceEnvironment::Of(int service) const {
  static const std::vector<EnvValue> none;
  auto it = values_.find(service);
  return it == values_.end() ? none : it->second;
}

std::optional<EnvValue> ServiceEnvironment::Find(
    int service, const std::string& name) const {
  for (const EnvValue& v : Of(service)) {
    if (!v.from_config && v.name == name) return v;
  }
  return std::nullopt;
}

}  // namespace ampcheck
