#include "analyzer/facts/facts_json.h"

#include <functional>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "analyzer/base/json_integer.h"

namespace ampcheck {
namespace {

using nlohmann::json;

// A field that does not have the expected shape; `where` is its path.
struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A field added to a fact must be listed in its Fields() below, or it would
// be lost in the cache and in shard files. The sizes make the build fail
// when a struct changes (x86-64, libstdc++): list the new field in its
// Fields(), then update the size.
static_assert(sizeof(Location) == 16, "new field: list it in Fields()");
static_assert(sizeof(Evidence) == 48, "new field: list it in Fields()");
static_assert(sizeof(Backoff) == 72, "new field: list it in Fields()");
static_assert(sizeof(Layer) == 384, "new field: list it in Fields()");
static_assert(sizeof(Diagnostic) == 56, "new field: list it in Fields()");
static_assert(sizeof(NamespaceFact) == 144, "new field: list it in Fields()");
static_assert(sizeof(EnvVarFact) == 152, "new field: list it in Fields()");
static_assert(sizeof(WorkloadFact) == 304, "new field: list it in Fields()");
static_assert(sizeof(ServiceFact) == 272, "new field: list it in Fields()");
static_assert(sizeof(ConfigMapEntry) == 80, "new field: list it in Fields()");
static_assert(sizeof(ConfigMapFact) == 104, "new field: list it in Fields()");
static_assert(sizeof(RetryPolicyFact) == 104, "new field: list it in Fields()");
static_assert(sizeof(RouteDestinationFact) == 72,
              "new field: list it in Fields()");
static_assert(sizeof(HttpRouteFact) == 224, "new field: list it in Fields()");
static_assert(sizeof(VirtualServiceFact) == 200,
              "new field: list it in Fields()");
static_assert(sizeof(TrafficPolicyFact) == 56,
              "new field: list it in Fields()");
static_assert(sizeof(DestinationRuleFact) == 224,
              "new field: list it in Fields()");
static_assert(sizeof(EnvoyFilterFact) == 208, "new field: list it in Fields()");
static_assert(sizeof(GatewayFact) == 80, "new field: list it in Fields()");
static_assert(sizeof(MeshConfigFact) == 128, "new field: list it in Fields()");
static_assert(sizeof(GatewayApiRefFact) == 168,
              "new field: list it in Fields()");
static_assert(sizeof(GatewayApiBudgetFact) == 80,
              "new field: list it in Fields()");
static_assert(sizeof(GatewayApiRetryFact) == 104,
              "new field: list it in Fields()");
static_assert(sizeof(GatewayApiRuleFact) == 240,
              "new field: list it in Fields()");
static_assert(sizeof(GatewayApiFact) == 456, "new field: list it in Fields()");
static_assert(sizeof(LinkerdRetryFact) == 288,
              "new field: list it in Fields()");
static_assert(sizeof(ServiceProfileRouteFact) == 104,
              "new field: list it in Fields()");
static_assert(sizeof(ServiceProfileFact) == 160,
              "new field: list it in Fields()");
static_assert(sizeof(KumaToFact) == 216, "new field: list it in Fields()");
static_assert(sizeof(KumaPolicyFact) == 232, "new field: list it in Fields()");
static_assert(sizeof(KumaMeshFact) == 72, "new field: list it in Fields()");
static_assert(sizeof(IngressBackendFact) == 88,
              "new field: list it in Fields()");
static_assert(sizeof(IngressFact) == 192, "new field: list it in Fields()");
static_assert(sizeof(IngressClassFact) == 88, "new field: list it in Fields()");
static_assert(sizeof(IngressControllerFact) == 184,
              "new field: list it in Fields()");
static_assert(sizeof(ProxyRouteFact) == 504, "new field: list it in Fields()");
static_assert(sizeof(ProxyConfigFact) == 168, "new field: list it in Fields()");
static_assert(sizeof(Target) == 72, "new field: list it in Fields()");
static_assert(sizeof(SourceScope) == 80, "new field: list it in Fields()");
static_assert(sizeof(LayerFact) == 816, "new field: list it in Fields()");
static_assert(sizeof(ConfigPropertyFact) == 80,
              "new field: list it in Fields()");
static_assert(sizeof(CallSiteFact) == 272, "new field: list it in Fields()");
static_assert(sizeof(BuildMarkerFact) == 160, "new field: list it in Fields()");
static_assert(sizeof(InlineSuppressionFact) == 96,
              "new field: list it in Fields()");
static_assert(sizeof(FileFacts) == 672, "new field: list it in Fields()");

template <class S, class T>
concept Same = std::is_same_v<std::remove_const_t<S>, T>;

// Each struct lists its fields once; writing and reading both walk the same
// list, so a field can never be written and then forgotten when read.
void Fields(Same<Location> auto& s, auto&& f) {
  f("file", s.file);
  f("line", s.line);
}
void Fields(Same<Evidence> auto& s, auto&& f) {
  f("at", s.location);
  f("detail", s.detail);
}
void Fields(Same<Backoff> auto& s, auto&& f) {
  f("base", s.base);
  f("cap", s.cap);
  f("jitter", s.jitter);
  f("multiplier", s.multiplier);
  f("spread", s.spread);
}
void Fields(Same<Layer> auto& s, auto&& f) {
  f("kind", s.kind);
  f("tries", s.tries);
  f("provenance", s.provenance);
  f("origin", s.origin);
  f("detail", s.detail);
  f("at", s.location);
  f("retry_on", s.retry_on);
  f("methods", s.methods);
  f("per_try_timeout", s.per_try_timeout);
  f("total_timeout", s.total_timeout);
  f("timeout_expression", s.timeout_expression);
  f("timeout_only", s.timeout_only);
  f("whole_call", s.whole_call);
  f("code_loop", s.code_loop);
  f("backoff", s.backoff);
  f("budget_percent", s.budget_percent);
  f("budget_at", s.budget_location);
  f("max_concurrent_retries", s.max_concurrent_retries);
  f("shared", s.shared);
  f("evidence", s.evidence);
}
void Fields(Same<Diagnostic> auto& s, auto&& f) {
  f("at", s.location);
  f("message", s.message);
  f("severity", s.severity);
}
void Fields(Same<NamespaceFact> auto& s, auto&& f) {
  f("name", s.name);
  f("labels", s.labels);
  f("annotations", s.annotations);
  f("at", s.location);
}
void Fields(Same<EnvVarFact> auto& s, auto&& f) {
  f("name", s.name);
  f("value", s.value);
  f("config_map", s.config_map);
  f("config_map_key", s.config_map_key);
  f("at", s.location);
}
void Fields(Same<WorkloadFact> auto& s, auto&& f) {
  f("kind", s.kind);
  f("name", s.name);
  f("ns", s.ns);
  f("labels", s.labels);
  f("annotations", s.annotations);
  f("images", s.images);
  f("env", s.env);
  f("env_from_config_maps", s.env_from_config_maps);
  f("volume_config_maps", s.volume_config_maps);
  f("at", s.location);
}
void Fields(Same<ServiceFact> auto& s, auto&& f) {
  f("name", s.name);
  f("ns", s.ns);
  f("selector", s.selector);
  f("ports", s.ports);
  f("protocols", s.protocols);
  f("annotations", s.annotations);
  f("labels", s.labels);
  f("at", s.location);
}
void Fields(Same<ConfigMapEntry> auto& s, auto&& f) {
  f("key", s.key);
  f("value", s.value);
  f("at", s.location);
}
void Fields(Same<ConfigMapFact> auto& s, auto&& f) {
  f("name", s.name);
  f("ns", s.ns);
  f("data", s.data);
  f("at", s.location);
}
void Fields(Same<RetryPolicyFact> auto& s, auto&& f) {
  f("attempts", s.attempts);
  f("per_try_timeout", s.per_try_timeout);
  f("retry_on", s.retry_on);
  f("backoff", s.backoff);
  f("at", s.location);
}
void Fields(Same<RouteDestinationFact> auto& s, auto&& f) {
  f("host", s.host);
  f("subset", s.subset);
  f("port", s.port);
}
void Fields(Same<HttpRouteFact> auto& s, auto&& f) {
  f("name", s.name);
  f("destinations", s.destinations);
  f("retries", s.retries);
  f("timeout", s.timeout);
  f("methods", s.methods);
  f("at", s.location);
}
void Fields(Same<VirtualServiceFact> auto& s, auto&& f) {
  f("name", s.name);
  f("ns", s.ns);
  f("hosts", s.hosts);
  f("gateways", s.gateways);
  f("routes", s.routes);
  f("annotations", s.annotations);
  f("at", s.location);
}
void Fields(Same<TrafficPolicyFact> auto& s, auto&& f) {
  f("budget_percent", s.budget_percent);
  f("has_budget", s.has_budget);
  f("max_retries", s.max_retries);
  f("at", s.location);
}
void Fields(Same<DestinationRuleFact> auto& s, auto&& f) {
  f("name", s.name);
  f("ns", s.ns);
  f("host", s.host);
  f("policy", s.policy);
  f("subsets", s.subsets);
  f("port_level", s.port_level);
  f("at", s.location);
}
void Fields(Same<EnvoyFilterFact> auto& s, auto&& f) {
  f("name", s.name);
  f("ns", s.ns);
  f("service", s.service);
  f("operation", s.operation);
  f("context", s.context);
  f("budget_percent", s.budget_percent);
  f("max_retries", s.max_retries);
  f("at", s.location);
}
void Fields(Same<GatewayFact> auto& s, auto&& f) {
  f("name", s.name);
  f("ns", s.ns);
  f("at", s.location);
}
void Fields(Same<MeshConfigFact> auto& s, auto&& f) {
  f("default_http_retry_policy", s.default_http_retry_policy);
  f("at", s.location);
}
void Fields(Same<GatewayApiRefFact> auto& s, auto&& f) {
  f("group", s.group);
  f("kind", s.kind);
  f("name", s.name);
  f("ns", s.ns);
  f("port", s.port);
  f("weight", s.weight);
  f("at", s.location);
}
void Fields(Same<GatewayApiRetryFact> auto& s, auto&& f) {
  f("retries", s.retries);
  f("retry_on", s.retry_on);
  f("per_try_timeout", s.per_try_timeout);
  f("backoff", s.backoff);
  f("backoff_max", s.backoff_max);
  f("at", s.location);
}
void Fields(Same<GatewayApiRuleFact> auto& s, auto&& f) {
  f("name", s.name);
  f("backends", s.backends);
  f("methods", s.methods);
  f("retry", s.retry);
  f("request_timeout", s.request_timeout);
  f("backend_timeout", s.backend_timeout);
  f("at", s.location);
}
void Fields(Same<GatewayApiBudgetFact> auto& s, auto&& f) {
  f("percent", s.percent);
  f("interval", s.interval);
  f("min_retry_count", s.min_retry_count);
  f("min_retry_interval", s.min_retry_interval);
  f("at", s.location);
}
void Fields(Same<GatewayApiFact> auto& s, auto&& f) {
  f("kind", s.kind);
  f("name", s.name);
  f("ns", s.ns);
  f("class_name", s.class_name);
  f("refs", s.refs);
  f("rules", s.rules);
  f("retry", s.retry);
  f("request_timeout", s.request_timeout);
  f("annotations", s.annotations);
  f("at", s.location);
  f("budget", s.budget);
}
void Fields(Same<LinkerdRetryFact> auto& s, auto&& f) {
  f("kind", s.kind);
  f("name", s.name);
  f("ns", s.ns);
  f("retries", s.retries);
  f("limit", s.limit);
  f("http", s.http);
  f("grpc", s.grpc);
  f("per_try_timeout", s.per_try_timeout);
  f("request_timeout", s.request_timeout);
  f("annotations", s.annotations);
  f("at", s.location);
  f("parents", s.parents);
  f("methods", s.methods);
}
void Fields(Same<ServiceProfileRouteFact> auto& s, auto&& f) {
  f("name", s.name);
  f("method", s.method);
  f("retryable", s.retryable);
  f("timeout", s.timeout);
  f("at", s.location);
}
void Fields(Same<ServiceProfileFact> auto& s, auto&& f) {
  f("name", s.name);
  f("ns", s.ns);
  f("routes", s.routes);
  f("has_budget_block", s.has_budget_block);
  f("retry_ratio", s.retry_ratio);
  f("min_retries_per_second", s.min_retries_per_second);
  f("ttl", s.ttl);
  f("budget_at", s.budget_location);
  f("at", s.location);
}
void Fields(Same<KumaToFact> auto& s, auto&& f) {
  f("target_kind", s.target_kind);
  f("target_name", s.target_name);
  f("target_namespace", s.target_namespace);
  f("num_retries", s.num_retries);
  f("per_try_timeout", s.per_try_timeout);
  f("backoff_base", s.backoff_base);
  f("backoff_max", s.backoff_max);
  f("retry_on", s.retry_on);
  f("request_timeout", s.request_timeout);
  f("at", s.location);
}
void Fields(Same<KumaPolicyFact> auto& s, auto&& f) {
  f("kind", s.kind);
  f("name", s.name);
  f("ns", s.ns);
  f("mesh", s.mesh);
  f("target_kind", s.target_kind);
  f("target_name", s.target_name);
  f("to", s.to);
  f("at", s.location);
}
void Fields(Same<KumaMeshFact> auto& s, auto&& f) {
  f("name", s.name);
  f("skip_initial_policies", s.skip_initial_policies);
  f("at", s.location);
}
void Fields(Same<IngressBackendFact> auto& s, auto&& f) {
  f("service", s.service);
  f("port", s.port);
  f("route", s.route);
  f("at", s.location);
}
void Fields(Same<IngressFact> auto& s, auto&& f) {
  f("name", s.name);
  f("ns", s.ns);
  f("class_name", s.class_name);
  f("class_annotation", s.class_annotation);
  f("annotations", s.annotations);
  f("backends", s.backends);
  f("at", s.location);
}
void Fields(Same<IngressClassFact> auto& s, auto&& f) {
  f("name", s.name);
  f("controller", s.controller);
  f("is_default", s.is_default);
  f("at", s.location);
}
void Fields(Same<IngressControllerFact> auto& s, auto&& f) {
  f("workload", s.workload);
  f("ns", s.ns);
  f("config_map", s.config_map);
  f("ingress_class", s.ingress_class);
  f("controller_class", s.controller_class);
  f("watch_without_class", s.watch_without_class);
  f("at", s.location);
}
void Fields(Same<ProxyRouteFact> auto& s, auto&& f) {
  f("target", s.target);
  f("layer", s.layer);
  f("detail", s.detail);
  f("at", s.location);
}
void Fields(Same<ProxyConfigFact> auto& s, auto&& f) {
  f("system", s.system);
  f("config_map", s.config_map);
  f("ns", s.ns);
  f("key", s.key);
  f("routes", s.routes);
  f("at", s.location);
}
void Fields(Same<Target> auto& s, auto&& f) {
  f("kind", s.kind);
  f("value", s.value);
  f("fallback", s.fallback);
}
void Fields(Same<LayerFact> auto& s, auto&& f) {
  f("layer", s.layer);
  f("rule_id", s.rule_id);
  f("library", s.library);
  f("semantics", s.semantics);
  f("target", s.target);
  f("methods", s.methods);
  f("service", s.service);
  f("tries_property", s.tries_property);
  f("tries_property_semantics", s.tries_property_semantics);
  f("scope", s.scope);
  f("through", s.through);
  f("no_service_edge", s.no_service_edge);
}
void Fields(Same<SourceScope> auto& s, auto&& f) {
  f("type", s.type);
  f("function", s.function);
  f("first_line", s.first_line);
  f("last_line", s.last_line);
  f("statement_first_line", s.statement_first_line);
  f("statement_last_line", s.statement_last_line);
}
void Fields(Same<ConfigPropertyFact> auto& s, auto&& f) {
  f("key", s.key);
  f("value", s.value);
  f("at", s.location);
}
void Fields(Same<CallSiteFact> auto& s, auto&& f) {
  f("target", s.target);
  f("at", s.location);
  f("detail", s.detail);
  f("scope", s.scope);
  f("method", s.method);
  f("idempotency_key", s.idempotency_key);
  f("method_note", s.method_note);
}
void Fields(Same<BuildMarkerFact> auto& s, auto&& f) {
  f("directory", s.directory);
  f("marker", s.marker);
  f("name", s.name);
  f("references", s.references);
  f("grpc_go_version", s.grpc_go_version);
  f("grpc_go_line", s.grpc_go_line);
}
void Fields(Same<InlineSuppressionFact> auto& s, auto&& f) {
  f("check", s.check);
  f("reason", s.reason);
  f("at", s.at);
  f("target", s.target);
}
void Fields(Same<FileFacts> auto& s, auto&& f) {
  f("file", s.file);
  f("kind", s.kind);
  f("skipped_documents", s.skipped_documents);
  f("diagnostics", s.diagnostics);
  f("namespaces", s.namespaces);
  f("workloads", s.workloads);
  f("services", s.services);
  f("config_maps", s.config_maps);
  f("virtual_services", s.virtual_services);
  f("destination_rules", s.destination_rules);
  f("envoy_filters", s.envoy_filters);
  f("gateways", s.gateways);
  f("mesh_configs", s.mesh_configs);
  f("gateway_api", s.gateway_api);
  f("linkerd_retries", s.linkerd_retries);
  f("service_profiles", s.service_profiles);
  f("kuma_policies", s.kuma_policies);
  f("kuma_meshes", s.kuma_meshes);
  f("ingresses", s.ingresses);
  f("ingress_classes", s.ingress_classes);
  f("ingress_controllers", s.ingress_controllers);
  f("proxy_configs", s.proxy_configs);
  f("layers", s.layers);
  f("call_sites", s.call_sites);
  f("build_markers", s.build_markers);
  f("properties", s.properties);
  f("image_env", s.image_env);
  f("inline_suppressions", s.inline_suppressions);
}

struct NoField {
  void operator()(const char*, const auto&) const {}
};
template <class T>
concept Record = requires(const T& t) {
  Fields(t, NoField{});
};

// Enums travel by name, as the reports spell them.
template <class E>
struct EnumNames;
template <>
struct EnumNames<Severity> {
  static constexpr Severity kAll[] = {Severity::kNote, Severity::kWarning,
                                      Severity::kError};
  static const char* Name(Severity v) { return SeverityName(v); }
};
template <>
struct EnumNames<LayerKind> {
  static constexpr LayerKind kAll[] = {
      LayerKind::kConsumer, LayerKind::kHandler, LayerKind::kDecorator,
      LayerKind::kClient,   LayerKind::kMesh,    LayerKind::kMeshInbound};
  static const char* Name(LayerKind v) { return LayerKindName(v); }
};
template <>
struct EnumNames<Provenance> {
  static constexpr Provenance kAll[] = {
      Provenance::kExplicit, Provenance::kLibraryDefault,
      Provenance::kMeshDefault, Provenance::kDeclared, Provenance::kInferred};
  static const char* Name(Provenance v) { return ProvenanceName(v); }
};
template <>
struct EnumNames<TargetKind> {
  static constexpr TargetKind kAll[] = {TargetKind::kNone, TargetKind::kUrl,
                                        TargetKind::kHost, TargetKind::kEnv,
                                        TargetKind::kProperty};
  static const char* Name(TargetKind v) { return TargetKindName(v); }
};

// Left out when at the type's empty value. Enums and Tries are always
// written: their structs' defaults are not the types' zero values.
template <class T>
bool IsEmpty(const T& v) {
  if constexpr (std::is_enum_v<T> || std::is_same_v<T, Tries>) {
    return false;
  } else if constexpr (requires { v.has_value(); }) {
    return !v.has_value();
  } else if constexpr (requires { v.empty(); }) {
    return v.empty();
  } else if constexpr (std::is_arithmetic_v<T>) {
    return v == T{};
  } else if constexpr (requires { v == T{}; }) {
    return v == T{};
  } else {
    return false;
  }
}

template <class T>
json Write(const T& v);

template <class T>
json WriteValue(const T& v) {
  if constexpr (std::is_enum_v<T>) {
    return EnumNames<T>::Name(v);
  } else if constexpr (std::is_same_v<T, Tries>) {
    return v.unbounded() ? json("unbounded") : json(v.count());
  } else if constexpr (std::is_same_v<T, FileName>) {
    return json(v.str());
  } else if constexpr (requires { v.has_value(); }) {
    return v ? Write(*v) : json(nullptr);
  } else if constexpr (requires {
                         v.first;
                         v.second;
                       }) {
    return json::array({Write(v.first), Write(v.second)});
  } else if constexpr (std::is_same_v<T, std::map<std::string, std::string>>) {
    return json(v);
  } else if constexpr (requires { v.begin(); } &&
                       !std::is_same_v<T, std::string>) {
    json out = json::array();
    for (const auto& e : v) out.push_back(Write(e));
    return out;
  } else if constexpr (Record<T>) {
    json out = json::object();
    Fields(v, [&out](const char* key, const auto& field) {
      if (!IsEmpty(field)) out[key] = Write(field);
    });
    return out;
  } else {
    return json(v);
  }
}

template <class T>
json Write(const T& v) {
  return WriteValue(v);
}

template <class T>
void Read(const json& in, T* out);

template <class T>
void ReadValue(const json& in, T* out) {
  if constexpr (std::is_enum_v<T>) {
    std::string name = in.get<std::string>();
    for (T candidate : EnumNames<T>::kAll) {
      if (name == EnumNames<T>::Name(candidate)) {
        *out = candidate;
        return;
      }
    }
    throw FormatError(": unknown value '" + name + "'");
  } else if constexpr (std::is_same_v<T, FileName>) {
    *out = in.get<std::string>();
  } else if constexpr (std::is_same_v<T, Tries>) {
    if (in.is_string() && in.get<std::string>() == "unbounded") {
      *out = Tries::Unbounded();
    } else {
      std::string error;
      auto n =
          JsonInteger(in, 0, std::numeric_limits<long long>::max(), &error);
      if (!n) throw FormatError(": " + error);
      *out = Tries::Of(static_cast<uint64_t>(*n));
    }
  } else if constexpr (requires { out->has_value(); }) {
    if (in.is_null()) {
      out->reset();
    } else {
      out->emplace();
      Read(in, &**out);
    }
  } else if constexpr (requires {
                         out->first;
                         out->second;
                       }) {
    if (!in.is_array() || in.size() != 2)
      throw FormatError(": expected a pair");
    Read(in[0], &out->first);
    Read(in[1], &out->second);
  } else if constexpr (std::is_same_v<T, std::map<std::string, std::string>>) {
    *out = in.get<T>();
  } else if constexpr (requires { out->emplace_back(); } &&
                       !std::is_same_v<T, std::string>) {
    if (!in.is_array()) throw FormatError(": expected an array");
    out->clear();
    out->reserve(in.size());
    for (size_t i = 0; i < in.size(); ++i) {
      try {
        Read(in[i], &out->emplace_back());
      } catch (const FormatError& e) {
        throw FormatError("[" + std::to_string(i) + "]" + e.what());
      }
    }
  } else if constexpr (Record<T>) {
    if (!in.is_object()) throw FormatError(": expected an object");
    Fields(*out, [&in](const char* key, auto& field) {
      auto it = in.find(key);
      if (it == in.end()) return;
      try {
        Read(*it, &field);
      } catch (const FormatError& e) {
        throw FormatError(std::string(".") + key + e.what());
      } catch (const json::exception& e) {
        throw FormatError(std::string(".") + key + ": " + e.what());
      }
    });
  } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    // A corrupt 1e400 or "" is a message, not a cast with undefined behaviour.
    std::string error;
    constexpr long long kMax =
        std::is_unsigned_v<T> && sizeof(T) >= sizeof(long long)
            ? std::numeric_limits<long long>::max()
            : static_cast<long long>(std::numeric_limits<T>::max());
    auto n = JsonInteger(in, std::numeric_limits<T>::min(), kMax, &error);
    if (!n) throw FormatError(": " + error);
    *out = static_cast<T>(*n);
  } else {
    *out = in.get<T>();
  }
}

template <class T>
void Read(const json& in, T* out) {
  ReadValue(in, out);
}

template <class T>
bool ReadTop(const json& in, T* out, std::string* error) {
  try {
    *out = T{};
    Read(in, out);
    return true;
  } catch (const FormatError& e) {
    // ".layers[0].layer.kind: unknown value 'x'"
    *error = std::string("facts") + e.what();
  } catch (const json::exception& e) {
    *error = std::string("facts: ") + e.what();
  }
  return false;
}

// Calls visit on every Location inside v, through the same field lists.
template <class T>
void VisitLocations(T& v, const std::function<void(Location&)>& visit) {
  if constexpr (std::is_same_v<T, Location>) {
    visit(v);
  } else if constexpr (std::is_enum_v<T> || std::is_arithmetic_v<T> ||
                       std::is_same_v<T, std::string> ||
                       std::is_same_v<T, Tries> ||
                       std::is_same_v<T, std::map<std::string, std::string>>) {
    return;
  } else if constexpr (requires { v.has_value(); }) {
    if (v) VisitLocations(*v, visit);
  } else if constexpr (requires {
                         v.first;
                         v.second;
                       }) {
    VisitLocations(v.first, visit);
    VisitLocations(v.second, visit);
  } else if constexpr (requires { v.begin(); }) {
    for (auto& e : v) VisitLocations(e, visit);
  } else if constexpr (Record<T>) {
    Fields(v, [&visit](const char*, auto& field) {
      VisitLocations(field, visit);
    });
  }
}

}  // namespace

void ForEachLocation(FileFacts& facts,
                     const std::function<void(Location&)>& visit) {
  VisitLocations(facts, visit);
}

json LayerToJson(const Layer& layer) { return Write(layer); }
json FileFactsToJson(const FileFacts& facts) { return Write(facts); }
json DiagnosticToJson(const Diagnostic& diagnostic) {
  return Write(diagnostic);
}

bool DiagnosticFromJson(const json& in, Diagnostic* diagnostic,
                        std::string* error) {
  return ReadTop(in, diagnostic, error);
}

bool LayerFromJson(const json& in, Layer* layer, std::string* error) {
  return ReadTop(in, layer, error);
}

bool FileFactsFromJson(const json& in, FileFacts* facts, std::string* error) {
  return ReadTop(in, facts, error);
}

}  // namespace ampcheck
