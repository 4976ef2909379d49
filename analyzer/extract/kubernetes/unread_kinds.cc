#include "analyzer/extract/kubernetes/unread_kinds.h"

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

struct UnreadKind {
  const char* group;  // apiVersion before the '/'
  const char* kind;
  const char* what;  // how the message names it
  // Extra condition, or nullptr when every resource of the kind counts.
  bool (*applies)(const Manifest&);
};

// Remove an entry when its kind is read. Keep docs/inputs.md in step.
constexpr UnreadKind kUnreadKinds[] = {
    {"policy.linkerd.io", "ServiceProfile", "Linkerd ServiceProfile", nullptr},
    {"policy.linkerd.io", "HTTPRoute", "Linkerd HTTPRoute", nullptr},
    {"serving.knative.dev", "Service", "Knative Service", nullptr},
    {"traefik.io", "Middleware", "Traefik Middleware", nullptr},
    {"traefik.io", "IngressRoute", "Traefik IngressRoute", nullptr},
    {"traefik.containo.us", "Middleware", "Traefik Middleware", nullptr},
    {"traefik.containo.us", "IngressRoute", "Traefik IngressRoute", nullptr},
    {"consul.hashicorp.com", "ServiceRouter", "Consul ServiceRouter", nullptr},
    {"consul.hashicorp.com", "ServiceResolver", "Consul ServiceResolver",
     nullptr},
    // App Mesh routes (with retryPolicy and timeout) live inside the
    // VirtualRouter; a VirtualNode's listeners carry timeouts.
    {"appmesh.k8s.aws", "VirtualRouter", "App Mesh VirtualRouter", nullptr},
    {"appmesh.k8s.aws", "VirtualNode", "App Mesh VirtualNode", nullptr},
    {"kuma.io", "MeshHTTPRoute", "Kuma MeshHTTPRoute", nullptr},
    {"kuma.io", "Retry", "Kuma Retry", nullptr},
    {"kuma.io", "Timeout", "Kuma Timeout", nullptr},
    {"projectcontour.io", "HTTPProxy", "Contour HTTPProxy", nullptr},
    {"getambassador.io", "Mapping", "Emissary-ingress Mapping", nullptr},
};

}  // namespace

std::optional<std::string> UnreadRetrySettings(const Manifest& m) {
  std::string group = m.api_version.substr(0, m.api_version.find('/'));
  for (const UnreadKind& entry : kUnreadKinds) {
    if (group != entry.group || m.kind != entry.kind) continue;
    if (entry.applies && !entry.applies(m)) return std::nullopt;
    return m.kind + " " + (m.ns.empty() ? "" : m.ns + "/") + m.name + ": " +
           entry.what +
           " is not analysed; its retry and timeout settings are not counted";
  }
  return std::nullopt;
}

}  // namespace ampcheck
