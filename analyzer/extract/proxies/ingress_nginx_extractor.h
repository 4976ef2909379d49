// Kubernetes Ingresses and IngressClasses, and ingress-nginx controller
// workloads: what resolve needs to tell which Ingresses ingress-nginx serves,
// where its ConfigMap is, and the Services each Ingress routes to
// (ingress_nginx_layers.cc applies the semantics).
#ifndef AMPCHECK_EXTRACT_PROXIES_INGRESS_NGINX_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_PROXIES_INGRESS_NGINX_EXTRACTOR_H_

#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/facts/facts.h"
#include "analyzer/yaml/node.h"

namespace ampcheck {

// Reads an Ingress (networking.k8s.io/v1 or v1beta1, extensions/v1beta1) or
// an IngressClass; false for any other kind.
bool ExtractIngressResource(const Manifest& m, FileFacts* facts);

// An ingress-nginx controller among the workload's containers (its image or
// its /nginx-ingress-controller command), with its args.
void ExtractIngressNginxController(const Manifest& m,
                                   const yaml::Node& pod_spec,
                                   FileFacts* facts);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_PROXIES_INGRESS_NGINX_EXTRACTOR_H_
