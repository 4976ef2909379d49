#include "analyzer/resolve/service_config.h"

#include <cctype>
#include <functional>

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/app_config/app_config.h"
#include "analyzer/extract/source/value_eval.h"
#include "analyzer/resolve/grpc_go_retry.h"

namespace ampcheck {
namespace {

// MicroProfile Config's environment mapping: every character outside
// [A-Za-z0-9_] becomes '_'; exact, then upper-cased.
std::string EnvName(const std::string& key) {
  std::string out;
  for (char c : key)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

std::string Upper(std::string text) {
  for (char& c : text)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// Keys to try, most specific first: Resilience4j falls back to the shared
// configs, MicroProfile from method to class to global.
std::vector<std::string> FallbackKeys(
    const std::string& key,
    const std::function<std::optional<ConfigValue>(const std::string&)>&
        lookup) {
  std::vector<std::string> keys = {key};
  const std::string instances = "resilience4j.retry.instances.";
  if (StartsWith(key, instances)) {
    std::string rest = key.substr(instances.size());
    std::string name = rest.substr(0, rest.rfind('.'));
    if (auto base = lookup(instances + name + ".baseConfig")) {
      keys.push_back("resilience4j.retry.configs." + base->value +
                     ".maxAttempts");
    }
    keys.push_back("resilience4j.retry.configs.default.maxAttempts");
  }
  // OpenFeign's older prefix; Quarkus' key for a MicroProfile config key.
  const std::string feign = "spring.cloud.openfeign.client.config.";
  if (StartsWith(key, feign))
    keys.push_back("feign.client.config." + key.substr(feign.size()));
  const std::string mp_rest = "/mp-rest/url";
  if (EndsWith(key, mp_rest)) {
    std::string config_key = key.substr(0, key.size() - mp_rest.size());
    keys.push_back("quarkus.rest-client.\"" + config_key + "\".url");
    keys.push_back("quarkus.rest-client." + config_key + ".url");
  }
  const std::string retry = "/Retry/maxRetries";
  if (EndsWith(key, retry)) {
    std::string owner =
        key.substr(0, key.size() - retry.size());  // cls/method or cls
    if (size_t slash = owner.rfind('/'); slash != std::string::npos) {
      keys.push_back(owner.substr(0, slash) + retry);
    }
    keys.push_back("Retry/maxRetries");
  }
  return keys;
}

}  // namespace

ServiceConfig::ServiceConfig(ResolveContext* context,
                             const Attribution& attribution)
    : environment_(context, attribution) {
  for (const auto& [file, property] : context->properties) {
    int service = attribution.ServiceOf(file);
    if (service < 0) continue;
    properties_[service].emplace(
        CanonicalPropertyKey(property.key),
        ConfigValue{property.key, property.value, property.location});
  }
  for (const BuildMarkerFact& marker : context->build_markers)
    markers_[marker.directory].push_back(marker);
}

const BuildMarkerFact* ServiceConfig::GoModuleOf(
    const std::string& file) const {
  std::string directory = file;
  while (!directory.empty()) {
    size_t slash = directory.rfind('/');
    directory = slash == std::string::npos ? "" : directory.substr(0, slash);
    auto it = markers_.find(directory);
    if (it == markers_.end()) continue;
    for (const BuildMarkerFact& marker : it->second)
      if (marker.marker == "go.mod") return &marker;
    return nullptr;  // the nearest project is not a Go module
  }
  return nullptr;
}

std::optional<ConfigValue> ServiceConfig::Env(int service,
                                              const std::string& name) const {
  if (auto env = environment_.Find(service, name))
    return ConfigValue{env->label, env->value, env->location};
  return std::nullopt;
}

std::optional<ConfigValue> ServiceConfig::Lookup(int service,
                                                 const std::string& key) const {
  if (StartsWith(key, "env:")) return Env(service, key.substr(4));
  // The process env overrides application config (Spring Boot's and .NET's
  // order of property sources alike).
  auto direct = [&](const std::string& k) -> std::optional<ConfigValue> {
    if (auto env = Env(service, EnvName(k))) return env;
    if (auto env = Env(service, Upper(EnvName(k)))) return env;
    if (k.find(':') != std::string::npos) {
      // .NET: Services:cart:http:0 is the env var Services__cart__http__0.
      std::string dotnet;
      for (char ch : k)
        dotnet += ch == ':' ? std::string("__") : std::string(1, ch);
      if (auto env = Env(service, dotnet)) return env;
    }
    if (auto it = properties_.find(service); it != properties_.end()) {
      if (auto found = it->second.find(CanonicalPropertyKey(k));
          found != it->second.end()) {
        return found->second;
      }
    }
    return std::nullopt;
  };
  for (const std::string& k : FallbackKeys(key, direct)) {
    if (auto value = direct(k)) return value;
  }
  return std::nullopt;
}

std::optional<TargetValue> ConfiguredTarget(const Target& target, int service,
                                            const ServiceConfig& config,
                                            const Location& site) {
  std::string key;
  std::string fallback = target.fallback;
  std::string name;  // as the evidence names it
  switch (target.kind) {
    case TargetKind::kUrl:
    case TargetKind::kHost:
      return TargetValue{target.value, ""};
    case TargetKind::kEnv:
      key = "env:" + target.value;
      name = "env " + target.value;
      break;
    case TargetKind::kProperty: {
      // "${pricing.base-url:http://localhost}" names pricing.base-url.
      key = target.value;
      if (auto placeholder = PropertyPlaceholder(target.value)) {
        key = placeholder->key;
        if (fallback.empty()) fallback = placeholder->fallback;
      }
      name = "property " + key;
      break;
    }
    case TargetKind::kNone:
      return std::nullopt;
  }
  auto configured = config.Lookup(service, key);
  if (configured) {
    std::string evidence;
    if (!fallback.empty()) {
      evidence = configured->key + " = " + configured->value + " (" +
                 configured->location.ToString() +
                 ") overrides in-code default " + fallback;
    }
    return TargetValue{configured->value, evidence};
  }
  if (fallback.empty()) return std::nullopt;
  return TargetValue{fallback, name + " unset, in-code default " + fallback +
                                   " at " + site.ToString()};
}

Layer WithConfiguredTries(const LayerFact& fact, int service,
                          const ServiceConfig& config) {
  Layer layer = fact.layer;
  if (layer.methods.empty()) layer.methods = fact.methods;
  if (fact.rule_id == "java-microprofile-retry") {
    for (const char* key : {"MP_Fault_Tolerance_NonFallback_Enabled",
                            "mp.fault.tolerance.nonfallback.enabled"}) {
      auto off = config.Lookup(service, key);
      if (off && ToLower(Trim(off->value)) == "false") {
        layer.tries = Tries::Of(1);
        layer.detail += "; switched off by " + off->key + "=false";
        layer.evidence.push_back({off->location, off->key + "=" + off->value});
        return layer;
      }
    }
  }
  if (fact.rule_id == "grpc-service-config" && layer.retries()) {
    const BuildMarkerFact* module = config.GoModuleOf(layer.location.file);
    if (module && !module->grpc_go_version.empty()) {
      auto go_retry = config.Lookup(service, "env:GRPC_GO_RETRY");
      auto xds_retry =
          config.Lookup(service, "env:GRPC_XDS_EXPERIMENTAL_ENABLE_RETRY");
      GrpcGoRetryEnv env;
      if (go_retry) env.go_retry = go_retry->value;
      if (xds_retry) env.xds_retry = xds_retry->value;
      std::string ignored =
          GrpcGoIgnoresRetryPolicy(module->grpc_go_version, env);
      Location required{JoinPath(module->directory, module->marker),
                        module->grpc_go_line};
      layer.evidence.push_back(
          {required, "google.golang.org/grpc " + module->grpc_go_version});
      for (const auto& value : {go_retry, xds_retry}) {
        if (value)
          layer.evidence.push_back(
              {value->location, value->key + "=" + value->value});
      }
      if (!ignored.empty()) {
        layer.tries = Tries::Of(1);
        layer.detail +=
            "; " + ignored + " (" + required.ToString() + "): one try";
        return layer;
      }
    }
  }
  if (fact.tries_property.empty()) return layer;
  auto configured = config.Lookup(service, fact.tries_property);
  if (!configured) return layer;
  auto count = EvalCount(Trim(configured->value));
  if (!count) return layer;
  bool retries = fact.tries_property_semantics == "retries";
  if (count->unbounded || (retries && count->count < 0)) {
    layer.tries = Tries::Unbounded();
  } else if (count->count < 0) {
    return layer;
  } else {
    uint64_t n = static_cast<uint64_t>(count->count);
    layer.tries = retries ? Tries::FromRetries(n) : Tries::Of(n);
  }
  layer.provenance = Provenance::kExplicit;
  layer.detail += "; " + configured->key + " = " + Trim(configured->value) +
                  " (" + (retries ? "retries" : "tries") +
                  ") = " + layer.tries.ToString() + " tries";
  layer.evidence.push_back(
      {configured->location, configured->key + ": " + configured->value});
  return layer;
}

}  // namespace ampcheck
