#include "analyzer/extract/kubernetes/document_class.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

DocumentClass Classify(const std::string& yaml) {
  return ClassifyDocument(yaml::Load(yaml));
}

TEST_CASE("a resource has a versioned apiVersion, a CamelCase kind, metadata") {
  CHECK(Classify("apiVersion: v1\nkind: Service\nmetadata: {name: a}\n") ==
        DocumentClass::kResource);
  CHECK(Classify("apiVersion: networking.istio.io/v1beta1\n"
                 "kind: VirtualService\nmetadata: {}\n") ==
        DocumentClass::kResource);
  CHECK(Classify("apiVersion: v1\nkind: List\nitems: []\n") ==
        DocumentClass::kList);
  // Istio release notes: apiVersion and kind, neither of resource shape.
  CHECK(Classify("apiVersion: release-notes/v2\nkind: bug-fix\n"
                 "area: traffic-management\n") == DocumentClass::kOther);
  // Helm's Chart.yaml, kind's cluster config, an OpenAPI document.
  CHECK(Classify("apiVersion: v2\nname: shop\nversion: 1.0.0\n") ==
        DocumentClass::kOther);
  CHECK(Classify("kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n") ==
        DocumentClass::kOther);
  CHECK(Classify("openapi: 3.0.0\ninfo: {title: x}\n") ==
        DocumentClass::kOther);
  // Near misses: no version, a version without 'v', metadata not a map.
  CHECK(Classify("apiVersion: apps\nkind: Deployment\nmetadata: {}\n") ==
        DocumentClass::kOther);
  CHECK(Classify("apiVersion: apps/1\nkind: Deployment\nmetadata: {}\n") ==
        DocumentClass::kOther);
  CHECK(Classify("apiVersion: v1\nkind: Service\nmetadata: orders\n") ==
        DocumentClass::kOther);
  CHECK(Classify("- apiVersion: v1\n") == DocumentClass::kOther);
}

TEST_CASE("kustomize files are their own class, with or without metadata") {
  CHECK(Classify("apiVersion: kustomize.config.k8s.io/v1beta1\n"
                 "kind: Kustomization\nresources: [base]\n") ==
        DocumentClass::kKustomize);
  CHECK(Classify("apiVersion: kustomize.config.k8s.io/v1alpha1\n"
                 "kind: Component\n") == DocumentClass::kKustomize);
  // Flux's Kustomization is a resource of another group.
  CHECK(Classify("apiVersion: kustomize.toolkit.fluxcd.io/v1\n"
                 "kind: Kustomization\nmetadata: {name: apps}\n") ==
        DocumentClass::kResource);
  CHECK(IsKustomizationFileName("deploy/overlays/prod/kustomization.yaml"));
  CHECK(IsKustomizationFileName("kustomization.yml"));
  CHECK_FALSE(IsKustomizationFileName("deploy/my-kustomization.yaml"));
}

}  // namespace
}  // namespace ampcheck
