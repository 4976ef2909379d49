#include "analyzer/resolve/envoy_layers.h"

#include <algorithm>
#include <map>

#include "analyzer/resolve/attribution.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/service_config.h"
#include "analyzer/resolve/worst_layer.h"

namespace ampcheck {
namespace {

// The services that run a config, each with how the evidence says so.
std::vector<std::pair<int, std::string>> Runners(const ProxyConfigFact& config,
                                                 const std::string& file,
                                                 const Attribution& attribution,
                                                 ResolveContext* c) {
  std::vector<std::pair<int, std::string>> out;
  if (config.config_map.empty()) {
    int service = attribution.ServiceOf(file);
    if (service >= 0) out.push_back({service, ""});
    return out;
  }
  std::string ns = config.ns.empty() ? c->policy.default_namespace : config.ns;
  for (const WorkloadFact& w : c->workloads) {
    if (w.ns != ns) continue;
    for (const auto& [name, at] : w.volume_config_maps) {
      if (name != config.config_map) continue;
      auto service = c->workload_service.find(w.ns + "/" + w.name);
      if (service == c->workload_service.end()) continue;
      out.push_back(
          {service->second, " (ConfigMap " + config.config_map + " key " +
                                config.key + ", mounted by " + w.kind + " " +
                                w.name + " at " + at.ToString() + ")"});
    }
  }
  return out;
}

std::string Label(const ProxyConfigFact& config) {
  return config.system + " config" +
         (config.config_map.empty()
              ? ""
              : " in ConfigMap " + config.config_map + " key " + config.key);
}

}  // namespace

void AddProxyConfigCalls(const std::vector<FileFacts>& facts,
                         ResolveContext* c) {
  bool any = std::any_of(facts.begin(), facts.end(), [](const FileFacts& f) {
    return !f.proxy_configs.empty();
  });
  if (!any) return;
  Attribution attribution(c);
  ServiceConfig service_config(c, attribution);
  // Per call: the worst route layer, and each route's summary.
  WorstLayerPerCall layers;
  for (const FileFacts& file : facts) {
    for (const ProxyConfigFact& config : file.proxy_configs) {
      auto runners = Runners(config, file.file, attribution, c);
      if (runners.empty()) {
        c->Diagnose(config.location,
                    Label(config) +
                        (config.config_map.empty()
                             ? ": its file is attributed to no service"
                             : ": no workload in the inputs mounts the "
                               "ConfigMap") +
                        "; its routes are not analysed",
                    Severity::kNote);
        continue;
      }
      for (const auto& [caller, how] : runners) {
        for (const ProxyRouteFact& route : config.routes) {
          std::string value = route.target.value;
          std::string from_env;
          if (route.target.kind == TargetKind::kEnv) {
            auto env = service_config.Lookup(caller, "env:" + value);
            if (!env) {
              c->Diagnose(route.location,
                          route.detail + " of " +
                              c->model.services[caller].name +
                              " not analysed: env " + value + " is not set",
                          Severity::kNote);
              continue;
            }
            from_env = ": env " + env->key + "=" + env->value + " (" +
                       env->location.ToString() + ")";
            value = env->value;
          }
          auto ref = ParseHostReference(value, false);
          std::string why_not = "'" + value + "' is no address";
          int callee =
              ref ? c->ResolveOrExternal(*ref, c->model.services[caller].ns,
                                         route.location, &why_not)
                  : -1;
          if (callee == caller) {
            callee = -1;
            why_not = "it names " + c->model.services[caller].name + " itself";
          }
          if (callee < 0) {
            c->Diagnose(route.location,
                        route.detail + " of " + c->model.services[caller].name +
                            " not analysed: " + why_not,
                        Severity::kNote);
            continue;
          }
          int call = c->AddCall(
              caller, callee, {route.location, route.detail + from_env + how});
          Evidence summary{route.location,
                           route.detail + ": " + route.layer.tries.ToString() +
                               (route.layer.tries.count() == 1 &&
                                        !route.layer.tries.unbounded()
                                    ? " try"
                                    : " tries")};
          layers.Offer(call, route.layer, summary);
        }
      }
    }
  }
  layers.AddTo(&c->model, "routes");
}

}  // namespace ampcheck
