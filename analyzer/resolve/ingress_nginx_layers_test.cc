// ingress-nginx end to end: Ingress manifests extracted, then resolved into
// an entry node, its calls and their layers.
#include "analyzer/resolve/ingress_nginx_layers.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

Model ResolveYaml(
    const std::vector<std::pair<std::string, std::string>>& files) {
  ExtractorSet set;
  set.Add(std::make_unique<KubernetesExtractor>());
  std::vector<FileFacts> facts;
  for (const auto& [path, content] : files)
    facts.push_back(set.ExtractFile({path, "yaml", content}));
  Policy policy;
  return Resolve(facts, policy, {});
}

const Call* FindCall(const Model& model, const std::string& from,
                     const std::string& to) {
  for (const Call& call : model.calls) {
    if (model.services[call.from].name == from &&
        model.services[call.to].name == to)
      return &call;
  }
  return nullptr;
}

std::vector<std::string> Messages(const Model& model) {
  std::vector<std::string> out;
  for (const Diagnostic& d : model.diagnostics)
    out.push_back(d.location.ToString() + " " + d.message);
  return out;
}

constexpr const char* kServices = R"(apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: admin, namespace: shop}
spec: {selector: {app: admin}, ports: [{port: 80}]}
)";

TEST_CASE("ingress-nginx: tries from the annotation, the rest defaults") {
  Model model = ResolveYaml(
      {{"svc.yaml", kServices}, {"ing.yaml", R"(apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  namespace: shop
  annotations:
    nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "4"
spec:
  ingressClassName: nginx
  rules:
  - host: shop.example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend: {service: {name: web, port: {number: 80}}}
)"}});
  CHECK(Messages(model).empty());
  const Call* call = FindCall(model, "ingress-nginx-controller", "web");
  REQUIRE(call);
  const Service& entry = model.services[call->from];
  CHECK(entry.ns == "ingress-nginx");
  CHECK(entry.is_gateway);
  CHECK_FALSE(entry.in_mesh);
  REQUIRE(call->evidence.size() == 1);
  CHECK(call->evidence[0].location == Location{"ing.yaml", 16});
  CHECK(call->evidence[0].detail ==
        "Ingress shop/web (ingressClassName nginx) routes shop.example.com/ "
        "-> web:80");
  REQUIRE(call->layers.size() == 1);
  const Layer& layer = call->layers[0];
  CHECK(layer.tries == Tries::Of(4));
  CHECK(layer.provenance == Provenance::kExplicit);
  CHECK(layer.origin == "ingress-nginx Ingress shop/web");
  CHECK(layer.location == Location{"ing.yaml", 7});
  CHECK(layer.retry_on == std::vector<std::string>{"error", "timeout"});
  CHECK(layer.per_try_timeout == 60000);
  CHECK_FALSE(layer.total_timeout.has_value());
  CHECK(std::count(layer.methods.begin(), layer.methods.end(), "POST") == 0);
  CHECK(std::count(layer.methods.begin(), layer.methods.end(), "GET") == 1);
  CHECK(layer.detail ==
        "proxy-next-upstream-tries 4 (annotation "
        "nginx.ingress.kubernetes.io/proxy-next-upstream-tries, ing.yaml:7) = "
        "4 tries (a total, the first included); proxy-next-upstream error "
        "timeout (ingress-nginx default): no retry on a 5xx response; "
        "retry-non-idempotent false (ingress-nginx default): POST, LOCK and "
        "PATCH are not resent once sent; proxy-read-timeout 60 (ingress-nginx "
        "default) seconds per try; proxy-next-upstream-timeout 0 "
        "(ingress-nginx default): no limit over the tries");
  REQUIRE(layer.evidence.size() == 1);
  CHECK(layer.evidence[0].location == Location{"ing.yaml", 7});
}

TEST_CASE("ingress-nginx: the controller's ConfigMap below the annotations") {
  Model model =
      ResolveYaml({{"svc.yaml", kServices}, {"ctl.yaml", R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: ingress-nginx-controller, namespace: ingress-nginx}
spec:
  template:
    metadata: {labels: {app: ingress-nginx}}
    spec:
      containers:
      - name: controller
        image: registry.k8s.io/ingress-nginx/controller:v1.12.0
        args:
        - /nginx-ingress-controller
        - --configmap=$(POD_NAMESPACE)/nginx-settings
        - --ingress-class=public
---
apiVersion: v1
kind: ConfigMap
metadata: {name: nginx-settings, namespace: ingress-nginx}
data:
  proxy-next-upstream-tries: "5"
  proxy-next-upstream: "error timeout http_503"
  retry-non-idempotent: "true"
  proxy-next-upstream-timeout: "20"
---
apiVersion: extensions/v1beta1
kind: Ingress
metadata:
  name: admin
  namespace: shop
  annotations:
    kubernetes.io/ingress.class: public
    nginx.ingress.kubernetes.io/proxy-read-timeout: "10"
    nginx.ingress.kubernetes.io/retry-non-idempotent: "false"
spec:
  backend: {serviceName: admin, servicePort: 80}
)"}});
  CHECK(Messages(model) ==
        std::vector<std::string>{
            "ctl.yaml:33 ingress-nginx: "
            "nginx.ingress.kubernetes.io/retry-non-idempotent is not an "
            "annotation ingress-nginx reads; retry-non-idempotent is a "
            "ConfigMap key only"});
  // The controller's own workload is the entry node.
  const Call* call = FindCall(model, "ingress-nginx-controller", "admin");
  REQUIRE(call);
  CHECK_FALSE(model.services[call->from].is_gateway);
  CHECK(model.services[call->from].kind == "Deployment");
  REQUIRE(call->layers.size() == 1);
  const Layer& layer = call->layers[0];
  CHECK(layer.tries == Tries::Of(5));
  CHECK(layer.location == Location{"ctl.yaml", 20});
  CHECK(layer.retry_on == std::vector<std::string>{"error", "timeout",
                                                   "http_503",
                                                   "non_idempotent"});
  CHECK(layer.methods.empty());
  CHECK(layer.per_try_timeout == 10000);
  CHECK(layer.total_timeout == 20000);
  CHECK(layer.detail ==
        "proxy-next-upstream-tries 5 (ConfigMap ingress-nginx/nginx-settings, "
        "ctl.yaml:20) = 5 tries (a total, the first included); "
        "proxy-next-upstream error timeout http_503 (ConfigMap "
        "ingress-nginx/nginx-settings, ctl.yaml:21); retry-non-idempotent "
        "true (ConfigMap ingress-nginx/nginx-settings, ctl.yaml:22): any "
        "method is resent; proxy-read-timeout 10 (annotation "
        "nginx.ingress.kubernetes.io/proxy-read-timeout, ctl.yaml:32) seconds "
        "per try; proxy-next-upstream-timeout 20 (ConfigMap "
        "ingress-nginx/nginx-settings, ctl.yaml:23) seconds over all tries");
  CHECK(layer.evidence.size() == 5);
}

TEST_CASE("ingress-nginx: which Ingresses it serves") {
  Model model = ResolveYaml(
      {{"svc.yaml", kServices}, {"ing.yaml", R"(apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: edge
  annotations: {ingressclass.kubernetes.io/is-default-class: "true"}
spec: {controller: k8s.io/ingress-nginx}
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: traefik}
spec: {controller: traefik.io/ingress-controller}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: classless, namespace: shop}
spec:
  defaultBackend: {service: {name: web, port: {number: 80}}}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: other
  namespace: shop
  annotations: {nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "9"}
spec:
  ingressClassName: traefik
  defaultBackend: {service: {name: admin, port: {number: 80}}}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: unknown
  namespace: shop
  annotations: {nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "9"}
spec:
  ingressClassName: haproxy
  defaultBackend: {service: {name: admin, port: {number: 80}}}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: off
  namespace: shop
  annotations: {nginx.ingress.kubernetes.io/proxy-next-upstream: "off",
                nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "x"}
spec:
  ingressClassName: edge
  defaultBackend: {service: {name: web, port: {number: 80}}}
)"}});
  CHECK(Messages(model) ==
        std::vector<std::string>{
            "ing.yaml:29 Ingress shop/unknown has class haproxy, which no "
            "IngressClass in the inputs and no ingress-nginx controller "
            "(--ingress-class) serves; its nginx.ingress.kubernetes.io/ "
            "annotations are not analysed",
            "ing.yaml:45 ingress-nginx: annotation "
            "nginx.ingress.kubernetes.io/proxy-next-upstream-tries, "
            "ing.yaml:45 sets proxy-next-upstream-tries 'x', which is not a "
            "whole number; ingress-nginx ignores it"});
  CHECK_FALSE(FindCall(model, "ingress-nginx-controller", "admin"));
  const Call* call = FindCall(model, "ingress-nginx-controller", "web");
  REQUIRE(call);
  REQUIRE(call->evidence.size() == 2);
  CHECK(call->evidence[0].detail ==
        "Ingress shop/classless (no class; default IngressClass edge "
        "(ing.yaml:1)) routes default backend -> web:80");
  REQUIRE(call->layers.size() == 1);
  // classless: the default 3 tries; off: 1 try; the worst is kept.
  CHECK(call->layers[0].tries == Tries::Of(3));
  CHECK(call->layers[0].provenance == Provenance::kLibraryDefault);
  CHECK(call->layers[0].location == Location{"ing.yaml", 13});
  CHECK(call->layers[0].detail.starts_with(
      "proxy-next-upstream-tries 3 (ingress-nginx default) = 3 tries"));
  CHECK(call->layers[0].detail.ends_with("(worst of 2 Ingresses)"));
}

TEST_CASE("ingress-nginx: tries are the setting, 0 is no limit, off is one") {
  CHECK(IngressNginxTries(3, {"error", "timeout"}) == Tries::Of(3));
  CHECK(IngressNginxTries(0, {"error"}).unbounded());
  CHECK(IngressNginxTries(7, {"off"}) == Tries::Of(1));
}

}  // namespace
}  // namespace ampcheck
