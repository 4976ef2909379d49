#include "analyzer/resolve/layer_binding.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

CallSiteFact Site(int line, const std::string& type,
                  const std::string& function, int first, int last) {
  CallSiteFact site;
  site.location = {"svc/client.java", line};
  site.scope = {type, function, first, last};
  return site;
}

LayerFact LayerAt(int line, const std::string& type,
                  const std::string& function, int first, int last) {
  LayerFact fact;
  fact.layer.location = {"svc/client.java", line};
  fact.scope = {type, function, first, last};
  return fact;
}

TEST_CASE("layer binding: the enclosing function first, then type, then file") {
  CallSiteFact in_fetch = Site(12, "CartClient", "fetch", 10, 14);
  CallSiteFact field = Site(5, "CartClient", "", 0, 0);
  CallSiteFact other_type = Site(30, "CatalogClient", "item", 28, 32);
  LayerBinder binder;
  binder.AddSite(0, {"svc/client.java", &in_fetch, 7});
  binder.AddSite(0, {"svc/client.java", &field, 8});
  binder.AddSite(0, {"svc/client.java", &other_type, 9});

  Binding by_function =
      binder.Bind(0, LayerAt(10, "CartClient", "fetch", 10, 14));
  CHECK(by_function.calls == std::vector<int>{7});
  CHECK(by_function.how == "calls in CartClient.fetch (client.java:10-14)");

  Binding by_type = binder.Bind(0, LayerAt(20, "CartClient", "save", 20, 24));
  CHECK(by_type.calls == std::vector<int>{7, 8});
  CHECK(by_type.how == "calls in type CartClient (client.java)");

  Binding by_file = binder.Bind(0, LayerAt(40, "Config", "retry", 40, 44));
  CHECK(by_file.calls == std::vector<int>{7, 8, 9});
  CHECK(by_file.how == "calls in the same file (client.java)");
}

TEST_CASE("layer binding: another file or service binds nothing") {
  CallSiteFact site = Site(12, "CartClient", "fetch", 10, 14);
  LayerBinder binder;
  binder.AddSite(0, {"svc/client.java", &site, 3});
  LayerFact elsewhere = LayerAt(12, "CartClient", "fetch", 10, 14);
  elsewhere.layer.location.file = "svc/other.java";
  CHECK(binder.Bind(0, elsewhere).calls.empty());
  CHECK(
      binder.Bind(1, LayerAt(12, "CartClient", "fetch", 10, 14)).calls.empty());
}

}  // namespace
}  // namespace ampcheck
