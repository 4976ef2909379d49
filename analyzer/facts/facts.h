// Facts: what extraction reads out of one file, before any semantics are
// applied. Pure data, serializable to JSON (facts_json.h) so extraction can be
// cached by content hash and sharded across machines.
#ifndef AMPCHECK_FACTS_FACTS_H_
#define AMPCHECK_FACTS_FACTS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/base/layer.h"

namespace ampcheck {

enum class Severity { kNote, kWarning, kError };
const char* SeverityName(Severity severity);
std::optional<Severity> ParseSeverity(const std::string& name);

// A problem with the input itself (not with the fleet it describes).
struct Diagnostic {
  Location location;
  std::string message;
  Severity severity = Severity::kError;
  auto operator<=>(const Diagnostic&) const = default;
};

struct NamespaceFact {
  std::string name;
  std::map<std::string, std::string> labels;
  Location location;
  std::map<std::string, std::string> annotations;  // linkerd.io/inject
};

// An environment variable of a workload's container.
struct EnvVarFact {
  std::string name;
  std::optional<std::string> value;
  // valueFrom.configMapKeyRef
  std::string config_map;
  std::string config_map_key;
  Location location;
};

// Deployment, StatefulSet, DaemonSet, Job, CronJob, Pod.
struct WorkloadFact {
  std::string kind;
  std::string name;
  std::string ns;
  std::map<std::string, std::string> labels;       // pod template labels
  std::map<std::string, std::string> annotations;  // metadata + pod template
  std::vector<std::string> images;
  std::vector<EnvVarFact> env;
  std::vector<std::pair<std::string, Location>> env_from_config_maps;
  std::vector<std::pair<std::string, Location>> volume_config_maps;
  Location location;
};

struct ServiceFact {
  std::string name;
  std::string ns;
  std::map<std::string, std::string> selector;
  std::vector<int> ports;
  // Port name prefixes or appProtocol values ("http", "grpc", "tcp", "mysql").
  std::vector<std::string> protocols;
  std::map<std::string, std::string> annotations;
  Location location;
  std::map<std::string, std::string> labels;  // istio.io/use-waypoint
};

struct ConfigMapEntry {
  std::string key;
  std::string value;
  Location location;
};

struct ConfigMapFact {
  std::string name;
  std::string ns;
  std::vector<ConfigMapEntry> data;
  Location location;
};

// An Istio HTTP retry policy as written (VirtualService route or MeshConfig
// defaultHttpRetryPolicy). attempts counts retries (R), not tries.
struct RetryPolicyFact {
  std::optional<long long> attempts;
  std::optional<Millis> per_try_timeout;
  std::optional<std::string> retry_on;
  std::optional<Millis> backoff;
  Location location;
};

struct RouteDestinationFact {
  std::string host;
  std::string subset;
  int port = 0;
};

struct HttpRouteFact {
  std::string name;  // route name, or "http[i]"
  std::vector<RouteDestinationFact> destinations;
  std::optional<RetryPolicyFact> retries;  // absent: no retries block
  std::optional<Millis> timeout;
  // The methods the route's matches select (match[].method.exact), upper
  // case; empty when any method reaches it.
  std::vector<std::string> methods;
  Location location;
};

struct VirtualServiceFact {
  std::string name;
  std::string ns;
  std::vector<std::string> hosts;
  std::vector<std::string> gateways;  // empty means "mesh"
  std::vector<HttpRouteFact> routes;
  std::map<std::string, std::string> annotations;
  Location location;
};

// The retry-relevant part of a traffic policy.
struct TrafficPolicyFact {
  std::optional<double> budget_percent;  // retryBudget.percent (or default)
  bool has_budget = false;
  std::optional<long long> max_retries;  // connectionPool.http.maxRetries
  Location location;
};

struct DestinationRuleFact {
  std::string name;
  std::string ns;
  std::string host;
  std::optional<TrafficPolicyFact> policy;
  std::vector<std::pair<std::string, std::optional<TrafficPolicyFact>>> subsets;
  std::vector<std::pair<int, TrafficPolicyFact>> port_level;
  Location location;
};

// An EnvoyFilter patching a cluster's circuit breakers.
struct EnvoyFilterFact {
  std::string name;
  std::string ns;
  std::string service;    // match.cluster.service
  std::string operation;  // MERGE, MERGE_AND_REPLACE_LIST, ADD, ...
  std::string context;    // SIDECAR_OUTBOUND, GATEWAY, ANY
  std::optional<double> budget_percent;
  std::optional<long long> max_retries;
  Location location;
};

struct GatewayFact {
  std::string name;
  std::string ns;
  Location location;
};

// MeshConfig, from the istio ConfigMap's mesh key or IstioOperator.
struct MeshConfigFact {
  std::optional<RetryPolicyFact> default_http_retry_policy;
  Location location;
};

// `ampcheck:ignore <check-id> <reason>` in a comment: suppresses that check's
// findings located on `target`, the comment's own line or, for a comment on a
// line of its own, the next line that is not a comment.
struct InlineSuppressionFact {
  std::string check;
  std::string reason;  // required: one without is a diagnostic, not a fact
  Location at;         // the comment
  Location target;
};

// A Gateway API object reference: a route's parentRef or backendRef, a
// policy's targetRef. Group and kind are as written ("" when not set).
struct GatewayApiRefFact {
  std::string group;
  std::string kind;
  std::string name;
  std::string ns;  // "" = the namespace of the resource that refers
  int port = 0;
  std::optional<long long> weight;  // backendRefs; unset is 1, 0 sends none
  Location location;
};

// A retry stanza: HTTPRoute rules[].retry or Envoy Gateway
// BackendTrafficPolicy spec.retry. retries counts retries (R), not tries:
// HTTPRoute attempts, BackendTrafficPolicy numRetries; absent when unset.
struct GatewayApiRetryFact {
  std::optional<long long> retries;
  std::vector<std::string> retry_on;      // status codes and trigger names
  std::optional<Millis> per_try_timeout;  // perRetry.timeout
  std::optional<Millis> backoff;          // backoff / perRetry.backOff base
  std::optional<Millis> backoff_max;      // perRetry.backOff.maxInterval
  Location location;
};

struct GatewayApiRuleFact {
  std::string name;  // rules[].name, or "rules[i]"
  std::vector<GatewayApiRefFact> backends;
  // The methods its matches select, upper case; empty when any method does.
  std::vector<std::string> methods;
  std::optional<GatewayApiRetryFact> retry;  // absent: no retry field
  std::optional<Millis> request_timeout;     // timeouts.request: all tries
  std::optional<Millis> backend_timeout;     // timeouts.backendRequest: a try
  Location location;
};

// An XBackendTrafficPolicy spec.retryConstraint (GEP-3388) as written: an
// unset number is absent here; resolve applies the CRD's defaults.
struct GatewayApiBudgetFact {
  std::optional<long long> percent;          // budget.percent
  std::optional<Millis> interval;            // budget.interval
  std::optional<long long> min_retry_count;  // minRetryRate.count
  std::optional<Millis> min_retry_interval;  // minRetryRate.interval
  Location location;                         // the retryConstraint block
};

// A Gateway API resource (gateway.networking.k8s.io HTTPRoute, GRPCRoute,
// Gateway, GatewayClass), an Envoy Gateway BackendTrafficPolicy or an
// XBackendTrafficPolicy (gateway.networking.x-k8s.io).
struct GatewayApiFact {
  std::string kind;
  std::string name;
  std::string ns;
  // Gateway: spec.gatewayClassName; GatewayClass: spec.controllerName.
  std::string class_name;
  std::vector<GatewayApiRefFact> refs;    // route parentRefs, policy targetRefs
  std::vector<GatewayApiRuleFact> rules;  // routes
  std::optional<GatewayApiRetryFact> retry;  // BackendTrafficPolicy
  std::optional<Millis> request_timeout;     // its timeout.http.requestTimeout
  std::map<std::string, std::string> annotations;
  Location location;
  std::optional<GatewayApiBudgetFact> budget;  // XBackendTrafficPolicy
};

// Linkerd 2.16+ retry and timeout annotations of one Service, HTTPRoute or
// GRPCRoute, as written and checked: limit counts retries (R).
struct LinkerdRetryFact {
  std::string kind;  // "Service", "HTTPRoute" or "GRPCRoute"
  std::string name;
  std::string ns;
  bool retries = false;                   // any retry.linkerd.io/ annotation
  std::optional<long long> limit;         // retry.linkerd.io/limit
  std::vector<std::string> http;          // retry.linkerd.io/http conditions
  std::vector<std::string> grpc;          // retry.linkerd.io/grpc conditions
  std::optional<Millis> per_try_timeout;  // retry.linkerd.io/timeout
  std::optional<Millis> request_timeout;  // timeout.linkerd.io/request
  std::vector<Evidence> annotations;      // each one read, with its line
  Location location;                      // the first annotation read
  // A route's parentRefs; an HTTPRoute's methods its rules match, upper
  // case, empty when a rule matches any method.
  std::vector<GatewayApiRefFact> parents;
  std::vector<std::string> methods;
};

// A ServiceProfile route (linkerd.io/v1alpha2 spec.routes[]).
struct ServiceProfileRouteFact {
  std::string name;
  std::string method;  // condition.method, upper case; "" for any
  bool retryable = false;
  std::optional<Millis> timeout;
  Location location;
};

// A ServiceProfile: its name is the service's FQDN. The retryBudget numbers
// are as written (an omitted one is 0, as Linkerd reads it); resolve applies
// Linkerd's defaults when there is no retryBudget block.
struct ServiceProfileFact {
  std::string name;
  std::string ns;
  std::vector<ServiceProfileRouteFact> routes;
  bool has_budget_block = false;
  double retry_ratio = 0;
  double min_retries_per_second = 0;
  std::optional<Millis> ttl;
  Location budget_location;
  Location location;
};

// One spec.to[] entry of a Kuma MeshRetry (http.numRetries counts retries)
// or MeshTimeout (http.requestTimeout covers all tries).
struct KumaToFact {
  std::string target_kind;  // Mesh, MeshService, MeshSubset, ...
  std::string target_name;
  std::string target_namespace;
  std::optional<long long> num_retries;
  std::optional<Millis> per_try_timeout;
  std::optional<Millis> backoff_base;
  std::optional<Millis> backoff_max;
  std::vector<std::string> retry_on;
  std::optional<Millis> request_timeout;
  Location location;
};

struct KumaPolicyFact {
  std::string kind;  // "MeshRetry" or "MeshTimeout"
  std::string name;
  std::string ns;
  std::string mesh;         // label kuma.io/mesh, "default" when absent
  std::string target_kind;  // spec.targetRef: the proxies it configures
  std::string target_name;
  std::vector<KumaToFact> to;
  Location location;
};

// A Kuma Mesh, for its skipCreatingInitialPolicies list.
struct KumaMeshFact {
  std::string name;
  std::vector<std::string> skip_initial_policies;  // "*", "MeshRetry", ...
  Location location;
};

// A Service a Kubernetes Ingress routes to (rules[].http.paths[].backend,
// defaultBackend, or v1beta1's serviceName / servicePort).
struct IngressBackendFact {
  std::string service;
  int port = 0;       // port.number; 0 when named or absent
  std::string route;  // "shop.example.com/api", "default backend"
  Location location;
};

// A Kubernetes Ingress: what names its class, and its annotations with
// their lines (evidence names the annotation that set a value).
struct IngressFact {
  std::string name;
  std::string ns;
  std::string class_name;        // spec.ingressClassName
  std::string class_annotation;  // kubernetes.io/ingress.class
  std::vector<ConfigMapEntry> annotations;
  std::vector<IngressBackendFact> backends;
  Location location;
};

// An IngressClass: the controller that serves the Ingresses naming it.
struct IngressClassFact {
  std::string name;
  std::string controller;   // spec.controller ("k8s.io/ingress-nginx")
  bool is_default = false;  // ingressclass.kubernetes.io/is-default-class
  Location location;
};

// An ingress-nginx controller workload and the args that say which
// Ingresses it serves and where its ConfigMap is.
struct IngressControllerFact {
  std::string workload;
  std::string ns;
  // The args as given; "" when not given (the controller's defaults are
  // applied in resolve).
  std::string config_map;            // --configmap, "ns/name"
  std::string ingress_class;         // --ingress-class
  std::string controller_class;      // --controller-class
  bool watch_without_class = false;  // --watch-ingress-without-class
  Location location;
};

// Where the target of an application layer or call comes from.
enum class TargetKind { kNone, kUrl, kHost, kEnv, kProperty };
const char* TargetKindName(TargetKind kind);
std::optional<TargetKind> ParseTargetKind(const std::string& name);

struct Target {
  TargetKind kind = TargetKind::kNone;
  std::string value;  // URL, host, env var name or property key
  // The in-code default of an env or property lookup
  // (os.getenv("ORDERS_URL", "http://orders:8080")): the target when the
  // service's config does not set the variable or key.
  std::string fallback;
  bool operator==(const Target&) const = default;
};

// One upstream address of a route in a static proxy config (an Envoy
// route -> cluster -> endpoint), with the layer the proxy puts on calls
// through it.
struct ProxyRouteFact {
  Target target;  // kUrl "http://orders:8080", or kEnv for "${ORDERS_HOST}"
  Layer layer;
  std::string detail;  // how the call's evidence names the route
  Location location;
};

// A static proxy config and who runs it: the service its file is attributed
// to, or each workload that mounts the ConfigMap holding it.
struct ProxyConfigFact {
  std::string system;      // "Envoy"
  std::string config_map;  // "" for a file of its own
  std::string ns;          // the ConfigMap's namespace
  std::string key;         // the ConfigMap key
  std::vector<ProxyRouteFact> routes;
  Location location;
};

// The code around a source match: its enclosing type and function, with the
// function's lines. Resolve binds a layer to the call sites its scope holds.
struct SourceScope {
  std::string type;      // enclosing class or type, "" at top level
  std::string function;  // enclosing function or method, "" at top level
  int first_line = 0;    // the function's lines; 0 when at top level
  int last_line = 0;
  // The outermost statement around the match within that function: a
  // builder chain (AddHttpClient<T>(...).AddStandardResilienceHandler(),
  // Feign.builder()...target(...)). 0 when unknown.
  int statement_first_line = 0;
  int statement_last_line = 0;
  bool operator==(const SourceScope&) const = default;
};

// A retrying layer found in application source or config.
struct LayerFact {
  Layer layer;
  std::string rule_id;
  std::string library;
  // Tries-or-retries semantics of the original count: "tries" or "retries".
  std::string semantics;
  Target target;
  std::vector<std::string> methods;  // HTTP methods retried, when known
  std::string service;  // set when the source says (policy, attribution)
  // Application config that overrides the count, resolved within the same
  // service: e.g. resilience4j.retry.instances.inventory.maxAttempts for
  // @Retry(name = "inventory"). Its value counts tries or retries as
  // tries_property_semantics says ("tries" | "retries").
  std::string tries_property;
  std::string tries_property_semantics;
  SourceScope scope;
  // What the layer configures, when its rule says: "type:CatalogClient" for
  // a typed HttpClient, whose calls are the calls made in that type.
  std::string through;
  // Why the layer wraps no service call ("a database connection: enclosing
  // type RetryableDataSource"), or "" when it may.
  std::string no_service_edge;
};

// A key/value of application config (application.yml, .properties,
// microprofile-config.properties), flattened: "pricing.base-url".
struct ConfigPropertyFact {
  std::string key;
  std::string value;
  Location location;
};

// Evidence in application source that a call exists: a URL literal, an env
// lookup, a config property.
struct CallSiteFact {
  Target target;
  Location location;
  std::string detail;
  SourceScope scope;
  // The HTTP method the call uses ("POST"), upper case; "" when unknown.
  std::string method;
  // The call sends an idempotency key (Idempotency-Key, x-requestid), so a
  // retry after the request was sent is safe to repeat.
  bool idempotency_key = false;
  // How the method is known when the call does not name it ("gRPC: every
  // call is an HTTP/2 POST"); shown with the method.
  std::string method_note;
};

// A build marker (go.mod, pom.xml, package.json, ...) naming a source tree.
struct BuildMarkerFact {
  std::string directory;  // relative to the scanned root, "" for the root
  std::string marker;     // file name
  std::string name;       // module / artifact / package name, when read
  // Projects of the tree it depends on (project_references.h): "dir:src/X",
  // "artifact:x", "package:x".
  std::vector<std::string> references;
  // go.mod: the google.golang.org/grpc version it requires ("v1.33.0") and
  // the line; whether grpc-go applies a retryPolicy depends on it
  // (analyzer/resolve/grpc_go_retry.h).
  std::string grpc_go_version;
  int grpc_go_line = 0;
};

// Everything extracted from one file.
struct FileFacts {
  std::string file;  // relative path
  std::string kind;  // classification: "kubernetes", "go", "spring-config", ...
  int skipped_documents = 0;  // YAML documents that were not manifests
  std::vector<Diagnostic> diagnostics;
  std::vector<NamespaceFact> namespaces;
  std::vector<WorkloadFact> workloads;
  std::vector<ServiceFact> services;
  std::vector<ConfigMapFact> config_maps;
  std::vector<VirtualServiceFact> virtual_services;
  std::vector<DestinationRuleFact> destination_rules;
  std::vector<EnvoyFilterFact> envoy_filters;
  std::vector<GatewayFact> gateways;
  std::vector<MeshConfigFact> mesh_configs;
  std::vector<GatewayApiFact> gateway_api;
  std::vector<LinkerdRetryFact> linkerd_retries;
  std::vector<ServiceProfileFact> service_profiles;
  std::vector<KumaPolicyFact> kuma_policies;
  std::vector<KumaMeshFact> kuma_meshes;
  std::vector<IngressFact> ingresses;
  std::vector<IngressClassFact> ingress_classes;
  std::vector<IngressControllerFact> ingress_controllers;
  std::vector<ProxyConfigFact> proxy_configs;
  std::vector<LayerFact> layers;
  std::vector<CallSiteFact> call_sites;
  std::vector<BuildMarkerFact> build_markers;
  std::vector<ConfigPropertyFact> properties;
  // Env set by an image build (Dockerfile ENV): the env of the service built
  // from this file's directory, below the workload's own env.
  std::vector<EnvVarFact> image_env;
  std::vector<InlineSuppressionFact> inline_suppressions;
};

// Appends the facts of `part` (a document of the same file, extracted on its
// own) after those of `whole`, as if one extraction had found them in that
// order; a kind it set replaces the whole's.
void AppendFileFacts(FileFacts&& part, FileFacts* whole);

}  // namespace ampcheck

#endif  // AMPCHECK_FACTS_FACTS_H_
