// A retrying layer on a call: the concept every stage shares.
#ifndef AMPCHECK_BASE_LAYER_H_
#define AMPCHECK_BASE_LAYER_H_

#include <optional>
#include <string>
#include <vector>

#include "analyzer/base/duration.h"
#include "analyzer/base/file_name.h"
#include "analyzer/base/tries.h"

namespace ampcheck {

// Where a fact was seen. Paths are relative to the scanned root.
struct Location {
  FileName file;
  int line = 0;  // 1-based; 0 when the fact has no line (a default).

  bool known() const { return !file.empty(); }
  std::string ToString() const;  // "routing.yaml:9"
  auto operator<=>(const Location&) const = default;
};

// One piece of evidence for a number or an edge: what was seen, and where.
struct Evidence {
  Location location;
  std::string detail;
  auto operator<=>(const Evidence&) const = default;
};

// Outermost first: the order in which layers nest around one call.
enum class LayerKind {
  kConsumer,
  kHandler,
  kDecorator,
  kClient,
  kMesh,
  kMeshInbound
};

const char* LayerKindName(LayerKind kind);  // "consumer", "mesh-inbound", ...
std::optional<LayerKind> ParseLayerKind(const std::string& name);

// Where a layer's numbers come from.
enum class Provenance {
  kExplicit,        // set in a file, at location
  kLibraryDefault,  // a library's default, no retry code in sight
  kMeshDefault,     // the mesh's default retry policy
  kDeclared,        // declared in the policy file
  kInferred,        // inferred by ampcheck from indirect evidence
};

const char* ProvenanceName(Provenance provenance);

struct Backoff {
  std::optional<Millis> base;
  std::optional<Millis> cap;
  std::optional<bool> jitter;  // unknown when not set and no default known
  // Growth of the interval per retry; unset: doubling.
  std::optional<double> multiplier;
  // Randomisation around the interval: a wait lies within interval x
  // (1 +- spread) (cenkalti/backoff's RandomizationFactor); unset: 0.
  std::optional<double> spread;
  bool operator==(const Backoff&) const = default;
};

struct Layer {
  LayerKind kind = LayerKind::kClient;
  Tries tries;
  Provenance provenance = Provenance::kExplicit;
  // The mechanism: "VirtualService orders", "Istio 1.28 default",
  // "resilience4j", "shared http wrapper".
  std::string origin;
  // The original wording and its conversion: "attempts 3 (retries) = 4 tries".
  std::string detail;
  Location location;
  std::vector<std::string> retry_on;  // conditions, as the source names them
  // The HTTP methods the layer retries or applies to (a route matching POST,
  // a proxy retrying idempotent methods only), upper case; empty: any method.
  std::vector<std::string> methods;
  std::optional<Millis> per_try_timeout;
  std::optional<Millis> total_timeout;
  // A timeout is set, to a value that is not a constant ("cfg.Timeout"):
  // the call does not wait forever, by how long is unknown.
  std::string timeout_expression;
  // Sets a timeout and never retries (a client timeout rule): evidence for
  // timeouts, not a factor of the tries.
  bool timeout_only = false;
  // A timeout_only layer that bounds the whole call, the library's own
  // retries of it included (a call deadline, OkHttp's callTimeout): it wraps
  // the call's retrying layers of its kind instead of each of their tries.
  bool whole_call = false;
  // The layer is a retry loop in the calling code, at the loop's line: a
  // whole-call timeout made after that line in the same file is made inside
  // the loop and bounds one try.
  bool code_loop = false;
  Backoff backoff;
  // A retry budget on this layer, in percent of active requests.
  std::optional<double> budget_percent;
  Location budget_location;
  // A cap on concurrent retries per proxy (DestinationRule
  // connectionPool.http.maxRetries): it caps retries in flight, not tries per
  // request, so it bounds no product; retry-without-budget accepts it.
  std::optional<long long> max_concurrent_retries;
  // Set once for many calls (a mesh-wide default policy): findings about one
  // call point at the call's own evidence rather than at this shared line.
  bool shared = false;
  // Extra evidence: each route's values when several routes apply.
  std::vector<Evidence> evidence;

  bool retries() const { return tries.retries(); }
  // One line for arithmetic: "VirtualService orders, routing.yaml:9".
  std::string Describe() const;
  // Appends Describe() to `out`.
  void AppendDescription(std::string* out) const;
};

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_LAYER_H_
