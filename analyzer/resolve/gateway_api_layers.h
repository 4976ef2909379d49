// Gateway API routes (HTTPRoute, GRPCRoute) in resolve: a route attached to
// a Gateway makes the Gateway an entry node calling the route's backends; a
// route attached to a Service (GAMMA) governs mesh calls to that Service.
// Which implementation serves a Gateway decides the defaults (reference
// mesh.md section 5; docs/semantics.md "Gateway API").
#ifndef AMPCHECK_RESOLVE_GATEWAY_API_LAYERS_H_
#define AMPCHECK_RESOLVE_GATEWAY_API_LAYERS_H_

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

// The implementation serving a Gateway, from its gatewayClassName and that
// GatewayClass's controllerName.
struct GatewayApiImplementation {
  enum class Kind { kIstio, kEnvoyGateway, kOther, kUnknown };
  Kind kind = Kind::kUnknown;
  std::string name;      // "Istio", "Envoy Gateway", the controller, "unknown"
  std::string evidence;  // "GatewayClass istio: istio.io/gateway-controller"
};

// A parentRef to a Gateway (the default kind) or a ref to a core Service
// (the default kind of a backendRef; GAMMA parentRefs name it).
bool NamesGateway(const GatewayApiRefFact& ref);
bool NamesService(const GatewayApiRefFact& ref, bool is_backend);
bool IsRoute(const GatewayApiFact& fact);

GatewayApiImplementation ServingImplementation(const ResolveContext& c,
                                               const std::string& ns,
                                               const std::string& gateway);

// Calls from each Gateway to the backends of the routes attached to it.
void CallsFromGatewayApiRoutes(ResolveContext* c);

// Gateway API resources by what they apply to, built once per resolve.
class GatewayApiRoutes {
 public:
  explicit GatewayApiRoutes(const ResolveContext& c);

  // On Istio: the layer of the routes that carry the call, for a call from
  // an Istio-served Gateway or from a caller with a sidecar to a Service
  // that GAMMA routes are attached to; nullopt when no route carries it.
  std::optional<Layer> IstioLayer(const ResolveContext& c,
                                  const Call& call) const;
  // A call from a Gateway that another implementation serves: its layer,
  // or nullopt with *note saying why there is none.
  std::optional<Layer> OtherLayer(const ResolveContext& c, const Call& call,
                                  std::string* note) const;
  bool FromGateway(const ResolveContext& c, const Call& call) const;

 private:
  using Routes = std::vector<const GatewayApiFact*>;
  // Routes by gateway key ("ns/name"), GAMMA routes by parent service.
  std::map<std::string, Routes> gateway_routes_;
  std::map<int, Routes> service_routes_;
  // BackendTrafficPolicies by target ("HTTPRoute/ns/name", "Gateway/ns/name").
  std::map<std::string, const GatewayApiFact*> policies_;
  std::map<std::string, GatewayApiImplementation> implementations_;

  const Routes& GatewayRoutes(const std::string& key) const;
  Routes MeshRoutes(const ResolveContext& c, const Call& call) const;
};

// Layers of the calls from Gateways that Istio does not serve.
void AddGatewayApiLayers(ResolveContext* c);

// XBackendTrafficPolicy retry budgets (gateway_api_budget.cc): the Istio
// layer of a call to a Service they target is bounded as by a
// DestinationRule retryBudget; after all layers are added, a note on each
// call whose retrying mesh layer no implementation bounds by them.
// The budgets are indexed by the Service they target once, not looked for
// per call (a cluster's routes made that quadratic).
class GatewayApiBudgets {
 public:
  explicit GatewayApiBudgets(const ResolveContext& c);
  // The XBackendTrafficPolicies with a budget that target `service`, in
  // input order.
  const std::vector<const GatewayApiFact*>& For(int service) const;

 private:
  std::unordered_map<int, std::vector<const GatewayApiFact*>> by_service_;
};
void ApplyGatewayApiBudget(ResolveContext* c, const GatewayApiBudgets& budgets,
                           const Call& call, Layer* layer);
void NoteUnappliedGatewayApiBudgets(ResolveContext* c);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_GATEWAY_API_LAYERS_H_
