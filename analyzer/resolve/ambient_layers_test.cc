// Istio ambient end to end: no HTTP retries without a waypoint.
#include <doctest/doctest.h>

#include "analyzer/resolve/manifest_resolve_test_support.h"

namespace ampcheck {
namespace {

constexpr const char kFleet[] = R"(apiVersion: v1
kind: Namespace
metadata:
  name: bookinfo
  labels: {istio.io/dataplane-mode: ambient}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: productpage, namespace: bookinfo}
spec:
  selector: {matchLabels: {app: productpage}}
  template:
    metadata: {labels: {app: productpage}}
    spec:
      containers:
      - name: app
        env:
        - {name: DETAILS_URL, value: "http://details"}
        - {name: REVIEWS_URL, value: "http://reviews"}
---
apiVersion: v1
kind: Service
metadata: {name: productpage, namespace: bookinfo}
spec: {selector: {app: productpage}}
---
apiVersion: v1
kind: Service
metadata: {name: details, namespace: bookinfo}
---
apiVersion: v1
kind: Service
metadata:
  name: reviews
  namespace: bookinfo
  labels: {istio.io/use-waypoint: waypoint}
)";

TEST_CASE("ambient: ztunnel retries nothing, a waypoint applies the default") {
  Model model = ResolveYaml(kFleet);
  const Call& details = CallTo(model, "details");
  CHECK(details.layers.empty());
  CHECK(details.notes ==
        std::vector<std::string>{
            "no mesh retry layer: details uses no waypoint; ztunnel (Istio "
            "ambient) is L4 and retries no HTTP request"});
  const Call& reviews = CallTo(model, "reviews");
  REQUIRE(reviews.layers.size() == 1);
  const Layer& layer = reviews.layers[0];
  CHECK(layer.tries == Tries::Of(3));
  CHECK(layer.provenance == Provenance::kMeshDefault);
  CHECK(layer.detail.ends_with(
      ", applied by waypoint waypoint (Service reviews label "
      "istio.io/use-waypoint=waypoint, fleet.yaml:30)"));
  const Service& caller = model.services[details.from];
  CHECK(caller.mesh == "istio-ambient");
  CHECK(caller.membership ==
        "Istio ambient: namespace bookinfo label "
        "istio.io/dataplane-mode=ambient (fleet.yaml:1); no waypoint: ztunnel "
        "only (L4), no HTTP retries on calls to it");
}

}  // namespace
}  // namespace ampcheck
