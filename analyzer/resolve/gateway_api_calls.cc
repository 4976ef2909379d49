// The north-south hop of Gateway API routes: a Gateway is an entry node, and
// each backendRef of a route attached to it is a call from it. Which
// implementation serves the Gateway comes from its GatewayClass.
#include "analyzer/base/strings.h"
#include "analyzer/resolve/gateway_api_layers.h"

namespace ampcheck {

bool NamesGateway(const GatewayApiRefFact& ref) {
  return (ref.group.empty() || ref.group == "gateway.networking.k8s.io") &&
         (ref.kind.empty() || ref.kind == "Gateway");
}

bool NamesService(const GatewayApiRefFact& ref, bool is_backend) {
  return ref.group.empty() &&
         (ref.kind == "Service" || (is_backend && ref.kind.empty()));
}

bool IsRoute(const GatewayApiFact& fact) {
  return fact.kind == "HTTPRoute" || fact.kind == "GRPCRoute";
}

GatewayApiImplementation ServingImplementation(const ResolveContext& c,
                                               const std::string& ns,
                                               const std::string& gateway) {
  using Kind = GatewayApiImplementation::Kind;
  const GatewayApiFact* found = nullptr;
  for (const GatewayApiFact& g : c.gateway_api) {
    if (g.kind == "Gateway" && g.ns == ns && g.name == gateway) found = &g;
  }
  if (!found) {
    return {Kind::kUnknown, "unknown",
            "Gateway " + ns + "/" + gateway + " is not in the inputs"};
  }
  const std::string& class_name = found->class_name;
  std::string gateway_text = "Gateway " + ns + "/" + gateway + " (" +
                             found->location.ToString() +
                             ") gatewayClassName " + class_name;
  for (const GatewayApiFact& g : c.gateway_api) {
    if (g.kind != "GatewayClass" || g.name != class_name) continue;
    std::string evidence = gateway_text + ", GatewayClass " + g.name + " (" +
                           g.location.ToString() + ") controllerName " +
                           g.class_name;
    if (StartsWith(g.class_name, "istio.io/"))
      return {Kind::kIstio, "Istio", evidence};
    if (g.class_name == "gateway.envoyproxy.io/gatewayclass-controller")
      return {Kind::kEnvoyGateway, "Envoy Gateway", evidence};
    return {Kind::kOther, g.class_name, evidence};
  }
  // Istio installs the class "istio" itself, so manifests rarely hold it.
  if (class_name == "istio") {
    return {Kind::kIstio, "Istio",
            gateway_text +
                ", the class Istio installs (controllerName "
                "istio.io/gateway-controller)"};
  }
  return {Kind::kUnknown, "unknown",
          gateway_text + ", a GatewayClass that is not in the inputs"};
}

namespace {

int GatewayApiGatewayNode(const std::string& ns, const std::string& name,
                          const GatewayApiFact& route, ResolveContext* c) {
  GatewayApiImplementation served = ServingImplementation(*c, ns, name);
  Service gateway;
  gateway.name = name;
  gateway.ns = ns;
  gateway.kind = "Gateway";
  gateway.is_gateway = true;
  // Istio's gateway is an Envoy of the mesh: the mesh layers apply to it.
  gateway.in_mesh = served.kind == GatewayApiImplementation::Kind::kIstio;
  gateway.membership = "Gateway API gateway served by " + served.name + " (" +
                       served.evidence + ")";
  gateway.location = route.location;
  for (const GatewayApiFact& g : c->gateway_api) {
    if (g.kind == "Gateway" && g.name == name && g.ns == ns)
      gateway.location = g.location;
  }
  return c->AddService(std::move(gateway));
}

// A backendRef names a Service, so one the inputs lack is a cluster service
// of another repository or namespace, never a host outside the cluster.
int BackendNode(const std::string& ns, const GatewayApiFact& route,
                const GatewayApiRefFact& backend, ResolveContext* c) {
  if (int known = c->FindService(ns, backend.name); known >= 0) return known;
  Service node;
  node.name = backend.name;
  node.ns = ns;
  node.external = true;
  node.kind = "not in inputs";
  node.membership = "not in the inputs";
  node.location = backend.location;
  node.external_reason =
      "a cluster service the inputs do not declare "
      "(backendRef of " +
      route.kind + " " + route.name + ")";
  return c->AddService(std::move(node));
}

std::string WeightText(const GatewayApiRefFact& backend) {
  return backend.weight ? " (weight " + std::to_string(*backend.weight) + ")"
                        : "";
}

}  // namespace

void CallsFromGatewayApiRoutes(ResolveContext* c) {
  for (const GatewayApiFact& route : c->gateway_api) {
    if (!IsRoute(route)) continue;
    for (const GatewayApiRefFact& parent : route.refs) {
      if (!NamesGateway(parent)) continue;
      std::string gateway_ns = parent.ns.empty() ? route.ns : parent.ns;
      int gateway = -1;
      for (const GatewayApiRuleFact& rule : route.rules) {
        for (const GatewayApiRefFact& backend : rule.backends) {
          if (!NamesService(backend, true)) {
            c->Diagnose(backend.location,
                        route.kind + " " + route.name + ": backendRef " +
                            backend.kind + " " + backend.name +
                            " is not a Service; hop not analyzed",
                        Severity::kNote);
            continue;
          }
          if (backend.weight == 0) continue;  // sends no traffic
          std::string ns = backend.ns.empty() ? route.ns : backend.ns;
          int callee = BackendNode(ns, route, backend, c);
          if (gateway < 0)
            gateway = GatewayApiGatewayNode(gateway_ns, parent.name, route, c);
          int call = c->AddCall(
              gateway, callee,
              {backend.location,
               route.kind + " " + route.name + " attaches to Gateway " +
                   gateway_ns + "/" + parent.name + ", rule " + rule.name +
                   " -> " + backend.name + WeightText(backend)});
          if (backend.port) c->call_ports.emplace(call, backend.port);
        }
      }
    }
  }
}

}  // namespace ampcheck
