#include "analyzer/resolve/grpc_services.h"

#include <doctest/doctest.h>

#include "analyzer/resolve/manifest_resolve_test_support.h"

namespace ampcheck {
namespace {

// checkout calls cart and web through env addresses only: no source says
// what its clients speak.
const char* kFleet = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: checkout}
spec:
  template:
    metadata: {labels: {app: checkout}}
    spec:
      containers:
      - name: server
        env:
        - {name: CART_SERVICE_ADDR, value: "cart:7070"}
        - {name: WEB_ADDR, value: "web:80"}
        - {name: MIXED_ADDR, value: "mixed:9000"}
---
apiVersion: v1
kind: Service
metadata: {name: cart}
spec:
  ports: [{name: grpc, port: 7070}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  ports: [{name: http, port: 80}]
---
apiVersion: v1
kind: Service
metadata: {name: mixed}
spec:
  ports: [{name: grpc, port: 9000}, {port: 9090, appProtocol: http}]
)";

TEST_CASE("a call to a Service serving only gRPC ports is a POST") {
  Model model = ResolveYaml(kFleet);
  const Call& cart = CallTo(model, "cart");
  REQUIRE(cart.methods.size() == 1);
  CHECK(cart.methods[0].method == "POST");
  CHECK(cart.methods[0].location.ToString() == "fleet.yaml:15");
  CHECK(cart.methods[0].note ==
        "gRPC: Service cart serves only gRPC ports, and every gRPC call is "
        "an HTTP/2 POST; no method is declared idempotent (.proto files are "
        "not read)");
  // An HTTP port, or a mix, says nothing of the method.
  CHECK(CallTo(model, "web").methods.empty());
  CHECK(CallTo(model, "mixed").methods.empty());
}

}  // namespace
}  // namespace ampcheck
