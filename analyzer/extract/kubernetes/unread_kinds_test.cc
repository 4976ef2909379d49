#include "analyzer/extract/kubernetes/unread_kinds.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

std::optional<std::string> Unread(const std::string& yaml) {
  yaml::Node root = yaml::Load(yaml);
  YamlView view("in.yaml", 1);
  yaml::Node metadata = Child(root, "metadata");
  Manifest m{root,
             &view,
             YamlView::String(root, "apiVersion"),
             YamlView::String(root, "kind"),
             YamlView::String(metadata, "name"),
             YamlView::String(metadata, "namespace")};
  return UnreadRetrySettings(m);
}

TEST_CASE("kinds with retry or timeout settings not read yet are named") {
  CHECK(Unread("apiVersion: traefik.io/v1alpha1\nkind: Middleware\n"
               "metadata: {name: orders, namespace: shop}\n") ==
        "Middleware shop/orders: Traefik Middleware is not analysed; its "
        "retry and timeout settings are not counted");
  CHECK(Unread("apiVersion: policy.linkerd.io/v1beta3\nkind: HTTPRoute\n"
               "metadata: {name: web}\n") ==
        "HTTPRoute web: Linkerd HTTPRoute is not analysed; its retry and "
        "timeout settings are not counted");
  CHECK(Unread("apiVersion: serving.knative.dev/v1\nkind: Service\n"
               "metadata: {name: hello}\n")
            ->starts_with("Service hello: Knative Service is not analysed"));
  CHECK(Unread("apiVersion: kuma.io/v1alpha1\nkind: MeshHTTPRoute\n"
               "metadata: {name: r}\n")
            ->starts_with("MeshHTTPRoute r: Kuma MeshHTTPRoute"));
  // Read by the Linkerd and Kuma extractors.
  CHECK_FALSE(
      Unread("apiVersion: linkerd.io/v1alpha2\nkind: ServiceProfile\n"
             "metadata: {name: web.shop.svc.cluster.local}\n"));
  CHECK_FALSE(
      Unread("apiVersion: kuma.io/v1alpha1\nkind: MeshRetry\n"
             "metadata: {name: r}\n"));
  CHECK_FALSE(
      Unread("apiVersion: kuma.io/v1alpha1\nkind: MeshTimeout\n"
             "metadata: {name: t}\n"));
  // Same kind name in a group that is read, or carries no retries.
  CHECK_FALSE(Unread("apiVersion: v1\nkind: Service\nmetadata: {name: a}\n"));
  CHECK_FALSE(
      Unread("apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\n"
             "metadata: {name: a}\n"));
  // Gateway API routes and Envoy Gateway policies are read.
  CHECK_FALSE(
      Unread("apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\n"
             "metadata: {name: a}\n"));
  CHECK_FALSE(
      Unread("apiVersion: gateway.envoyproxy.io/v1alpha1\n"
             "kind: BackendTrafficPolicy\nmetadata: {name: a}\n"));
}

TEST_CASE("an Ingress is read (ingress_nginx_layers.cc), not listed") {
  CHECK_FALSE(
      Unread("apiVersion: networking.k8s.io/v1\nkind: Ingress\n"
             "metadata: {name: web}\nspec: {ingressClassName: nginx}\n"));
  CHECK_FALSE(
      Unread("apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata:\n"
             "  name: web\n  annotations: {kubernetes.io/ingress.class: "
             "nginx}\n"));
}

}  // namespace
}  // namespace ampcheck
