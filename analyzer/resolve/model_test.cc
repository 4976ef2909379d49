#include "analyzer/resolve/model.h"

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

namespace ampcheck {
namespace {

Service Named(const std::string& ns, const std::string& name) {
  Service s;
  s.ns = ns;
  s.name = name;
  return s;
}

Call Between(int from, int to, const std::string& why) {
  Call call;
  call.from = from;
  call.to = to;
  call.evidence.push_back({{"routes.yaml", from * 10 + to}, why});
  return call;
}

TEST_CASE("model: services sorted by namespace and name, calls follow them") {
  Model model;
  // Indices 0..4 in an order that needs more than one cycle to sort.
  model.services = {Named("shop", "pricing"), Named("ads", "banner"),
                    Named("shop", "cart"), Named("shop", "pricing-v2"),
                    Named("ads", "pricing")};
  model.calls = {
      Between(2, 0, "cart->pricing"), Between(0, 4, "pricing->ads pricing"),
      Between(1, 2, "banner->cart"), Between(2, 3, "cart->pricing-v2")};
  model.Finalize();

  std::vector<std::string> keys;
  for (const Service& s : model.services) keys.push_back(s.Key());
  CHECK(keys == std::vector<std::string>{"ads/banner", "ads/pricing",
                                         "shop/cart", "shop/pricing",
                                         "shop/pricing-v2"});
  // Calls moved with their evidence, ordered by (from, to) of the new
  // indices.
  std::vector<std::pair<std::string, std::string>> calls;
  for (const Call& call : model.calls) {
    calls.emplace_back(
        model.services[call.from].Key() + "->" + model.services[call.to].Key(),
        call.evidence.front().detail);
  }
  CHECK(calls == std::vector<std::pair<std::string, std::string>>{
                     {"ads/banner->shop/cart", "banner->cart"},
                     {"shop/cart->shop/pricing", "cart->pricing"},
                     {"shop/cart->shop/pricing-v2", "cart->pricing-v2"},
                     {"shop/pricing->ads/pricing", "pricing->ads pricing"}});
  // A name two namespaces share is shown with its namespace.
  CHECK(model.DisplayName(1) == "ads/pricing");
  CHECK(model.DisplayName(3) == "shop/pricing");
  CHECK(model.DisplayName(2) == "cart");
  CHECK(model.Find("shop", "pricing-v2") == 4);
  CHECK(model.Find("shop", "banner") == -1);
}

TEST_CASE("model: a fleet already in order is left as it is") {
  Model model;
  model.services = {Named("a", "x"), Named("a", "y")};
  model.calls = {Between(0, 1, "x->y"), Between(1, 0, "y->x")};
  model.Finalize();
  CHECK(model.services[0].name == "x");
  CHECK(model.calls[0].evidence.front().detail == "x->y");
  CHECK(model.calls[1].evidence.front().detail == "y->x");
}

}  // namespace
}  // namespace ampcheck
