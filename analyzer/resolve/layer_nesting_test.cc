#include "analyzer/resolve/layer_nesting.h"

#include <doctest/doctest.h>

#include <string>

namespace ampcheck {
namespace {

Layer Retrying(const std::string& origin, int line = 0,
               LayerKind kind = LayerKind::kClient) {
  Layer layer;
  layer.kind = kind;
  layer.tries = Tries::Of(3);
  layer.origin = origin;
  layer.location = {"main.go", line};
  return layer;
}

Layer Timeout(const std::string& origin, bool whole_call, int line = 0) {
  Layer layer = Retrying(origin, line);
  layer.tries = Tries::Of(1);
  layer.timeout_only = true;
  layer.whole_call = whole_call;
  layer.total_timeout = Millis(300);
  return layer;
}

std::string Order(std::vector<Layer> layers) {
  NestCallLayers(&layers);
  std::string order;
  for (const Layer& layer : layers)
    order += (order.empty() ? "" : " > ") + layer.origin;
  return order;
}

TEST_CASE("a per-try timeout nests inside its client's retries") {
  CHECK(Order({Timeout("requests timeout", false), Retrying("urllib3")}) ==
        "urllib3 > requests timeout");
}

TEST_CASE("a whole-call timeout wraps the client's retries") {
  CHECK(Order({Retrying("grpc-go service config"),
               Timeout("context.WithTimeout", true)}) ==
        "context.WithTimeout > grpc-go service config");
  CHECK(Order({Timeout("http.Client timeout", false), Retrying("retryablehttp"),
               Timeout("context.WithTimeout", true)}) ==
        "context.WithTimeout > retryablehttp > http.Client timeout");
}

TEST_CASE("a whole-call timeout stays inside the outer kinds") {
  Layer decorator = Retrying("retry-go", 0, LayerKind::kDecorator);
  Layer mesh = Retrying("VirtualService orders", 0, LayerKind::kMesh);
  CHECK(Order({mesh, Timeout("context.WithTimeout", true), decorator}) ==
        "retry-go > context.WithTimeout > VirtualService orders");
}

TEST_CASE("a deadline made inside a retry loop bounds one try") {
  Layer loop = Retrying("hand-rolled retry loop", 10);
  loop.code_loop = true;
  CHECK(Order({Timeout("context.WithTimeout", true, 12), loop}) ==
        "hand-rolled retry loop > context.WithTimeout");
  // The same when the loop comes first on the call.
  CHECK(Order({loop, Timeout("context.WithTimeout", true, 12)}) ==
        "hand-rolled retry loop > context.WithTimeout");
  CHECK(Order({loop, Timeout("context.WithTimeout", true, 8)}) ==
        "context.WithTimeout > hand-rolled retry loop");
  Layer elsewhere = Timeout("context.WithTimeout", true, 12);
  elsewhere.location.file = "client.go";
  CHECK(Order({loop, elsewhere}) ==
        "context.WithTimeout > hand-rolled retry loop");
}

}  // namespace
}  // namespace ampcheck
