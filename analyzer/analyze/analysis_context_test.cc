#include "analyzer/analyze/analysis_context.h"

#include <doctest/doctest.h>

#include <string>

#include "analyzer/analyze/check.h"
#include "analyzer/analyze/graph.h"
#include "analyzer/resolve/manifest_resolve_test_support.h"

namespace ampcheck {
namespace {

// web -> cart -> stock in an injected namespace: cart's VirtualService
// retries 3 times, stock has none (the mesh's default).
const char kFleet[] =
    "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n"
    "  labels: {istio-injection: enabled}\n---\n"
    "apiVersion: apps/v1\nkind: Deployment\n"
    "metadata: {name: web, namespace: shop}\nspec:\n"
    "  selector: {matchLabels: {app: web}}\n  template:\n"
    "    metadata: {labels: {app: web}}\n    spec:\n      containers:\n"
    "      - name: app\n        env:\n"
    "        - {name: CART_URL, value: \"http://cart.shop\"}\n---\n"
    "apiVersion: apps/v1\nkind: Deployment\n"
    "metadata: {name: cart, namespace: shop}\nspec:\n"
    "  selector: {matchLabels: {app: cart}}\n  template:\n"
    "    metadata: {labels: {app: cart}}\n    spec:\n      containers:\n"
    "      - name: app\n        env:\n"
    "        - {name: STOCK_URL, value: \"http://stock.shop\"}\n---\n"
    "apiVersion: v1\nkind: Service\n"
    "metadata: {name: web, namespace: shop}\nspec: {selector: {app: web}}\n"
    "---\n"
    "apiVersion: v1\nkind: Service\n"
    "metadata: {name: cart, namespace: shop}\nspec: {selector: {app: cart}}\n"
    "---\n"
    "apiVersion: v1\nkind: Service\n"
    "metadata: {name: stock, namespace: shop}\n"
    "spec: {selector: {app: stock}}\n---\n"
    "apiVersion: networking.istio.io/v1\nkind: VirtualService\n"
    "metadata: {name: cart, namespace: shop}\nspec:\n  hosts: [cart]\n"
    "  http:\n  - route:\n    - destination: {host: cart}\n"
    "    retries: {attempts: 3, perTryTimeout: 2s}\n";

// The index of the call from `from` to `to`.
int CallIndex(const Model& model, const std::string& from,
              const std::string& to) {
  for (size_t i = 0; i < model.calls.size(); ++i) {
    if (model.services[model.calls[i].from].name == from &&
        model.services[model.calls[i].to].name == to)
      return static_cast<int>(i);
  }
  FAIL("no call " << from << "->" << to);
  return -1;
}

TEST_CASE("analysis context: names, arithmetic and causes of calls") {
  const Model model = ResolveYaml(kFleet);
  const GraphAnalysis graph = AnalyzeGraph(model);
  const AnalysisContext context(model, graph);
  const int to_cart = CallIndex(model, "web", "cart");
  const int to_stock = CallIndex(model, "cart", "stock");
  CHECK(context.CallName(to_cart) == "web->cart");
  CHECK(context.PathNames({to_cart, to_stock}) ==
        std::vector<std::string>{"web", "cart", "stock"});
  // Istio's attempts count retries: 3 attempts are 4 tries; no
  // VirtualService is the default of 2 retries, 3 tries.
  CHECK(context.CallArithmetic(to_cart) ==
        "web->cart(4: VirtualService cart, fleet.yaml:56)");
  CHECK(context.CallArithmetic(to_stock) ==
        "cart->stock(3: Istio default, no VirtualService for stock)");
  CHECK(context.PathArithmetic({to_cart, to_stock}) ==
        "web->cart(4: VirtualService cart, fleet.yaml:56) x "
        "cart->stock(3: Istio default, no VirtualService for stock) = 12");
  // A route's retries are its callee's to change; the default, the mesh's.
  CHECK(context.CallCause(to_cart) == "layer|VirtualService cart|shop/cart");
  CHECK(context.CallCause(to_stock) == "mesh-default|Istio default|3");
  // Held once: the same names, given by the checks without a string each.
  CHECK(context.CallCauseName(to_cart) ==
        context.Cause("layer|VirtualService cart|shop/cart"));
  CHECK(context.CallCauseName(to_stock).view() ==
        "mesh-default|Istio default|3");
  CHECK(context.CallCauseName(to_stock) ==
        context.MeshDefaultCauseName(model.calls[to_stock].layers.front()));
  CHECK(context.LayerCauseName(to_cart, model.calls[to_cart].layers.front())
            .view() ==
        context.LayerCause(to_cart, model.calls[to_cart].layers.front()));
  CHECK(
      context.CallCauseName(to_cart, AnalysisContext::CauseFallback::kCaller) ==
      context.CallCauseName(to_cart));
  const Path worst = context.WorstPathTo(model.calls[to_stock].to);
  CHECK(worst.calls == std::vector<int>{to_cart, to_stock});
  CHECK(worst.tries.ToString() == "12");
}

}  // namespace
}  // namespace ampcheck
