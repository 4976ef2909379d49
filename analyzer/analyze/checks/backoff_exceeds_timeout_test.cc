#include <doctest/doctest.h>

#include "analyzer/analyze/analyzer.h"

namespace ampcheck {
namespace {

Layer Retry(LayerKind kind, const std::string& origin, int line,
            Millis backoff_base) {
  Layer layer;
  layer.kind = kind;
  layer.tries = Tries::Of(3);
  layer.origin = origin;
  layer.location = {"app.java", line};
  layer.backoff.base = backoff_base;
  return layer;
}

Layer Timeout(LayerKind kind, const std::string& origin, int line,
              Millis total) {
  Layer layer;
  layer.kind = kind;
  layer.tries = Tries::Of(1);
  layer.timeout_only = true;
  layer.origin = origin;
  layer.location = {"main.go", line};
  layer.total_timeout = total;
  return layer;
}

// Every backoff-exceeds-timeout finding as "file:line: message".
std::vector<std::string> Messages(const Model& model) {
  std::vector<std::string> out;
  for (const Finding& f : Analyze(model, {}).findings) {
    if (f.check == "backoff-exceeds-timeout")
      out.push_back(f.location.ToString() + ": " + f.message);
  }
  return out;
}

Call MakeCall(int from, int to, std::vector<Layer> layers) {
  Call call;
  call.from = from;
  call.to = to;
  call.layers = std::move(layers);
  return call;
}

Model Fleet(std::vector<Call> calls) {
  Model model;
  for (const char* name : {"frontend", "orders", "pricing", "stock"}) {
    Service service;
    service.name = name;
    service.ns = "shop";
    service.kind = "Deployment";
    model.services.push_back(service);
  }
  model.calls = std::move(calls);
  model.Finalize();
  return model;
}

TEST_CASE("backoff-exceeds-timeout: own, surrounding and caller's timeouts") {
  // Services sort as frontend 0, orders 1, pricing 2, stock 3.
  Layer own = Retry(LayerKind::kHandler, "@Retry", 8, 60000);
  own.total_timeout = 30000;
  Layer inner = Retry(LayerKind::kClient, "Retry.backoff", 20, 6000);
  Layer around = Timeout(LayerKind::kHandler, "handler timeout", 5, 5000);
  around.location = {"app.java", 5};
  // Nobody calls orders: only its own layers limit its retries.
  Model model = Fleet({MakeCall(1, 2, {own}), MakeCall(1, 3, {around, inner})});
  CHECK(
      Messages(model) ==
      std::vector<std::string>{
          "app.java:8: orders->pricing: @Retry minimum back-off 1m >= its own "
          "total timeout 30s: the first retry can never start in time",
          "app.java:20: orders->stock: Retry.backoff minimum back-off 6s >= "
          "the handler timeout 5s around it (handler timeout, app.java:5): "
          "the first retry can never start in time"});
}

TEST_CASE("backoff-exceeds-timeout: a caller's per-try wait, and near misses") {
  Layer slow = Retry(LayerKind::kClient, "@Retryable", 17, 1000000);
  Layer quick = Retry(LayerKind::kClient, "@Retryable", 30, 500);
  Layer unlimited = Retry(LayerKind::kClient, "@Retry", 40, 60000);
  unlimited.total_timeout = 0;  // no timeout
  Model model = Fleet({MakeCall(0, 1,
                                {Timeout(LayerKind::kClient,
                                         "context.WithTimeout", 12, 10000)}),
                       MakeCall(1, 2, {slow}), MakeCall(1, 3, {quick}),
                       MakeCall(2, 3, {unlimited})});
  CHECK(
      Messages(model) ==
      std::vector<std::string>{
          "app.java:17: orders->pricing: @Retryable minimum back-off 1000s >= "
          "the 10s frontend->orders waits per try (context.WithTimeout, "
          "main.go:12): the first retry can never start in time"});
}

}  // namespace
}  // namespace ampcheck
