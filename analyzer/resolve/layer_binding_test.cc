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

TEST_CASE("layer binding: the builder chain and the client type it names") {
  // Two AddHttpClient chains in one method: the handler is on the first.
  CallSiteFact catalog = Site(12, "Setup", "Configure", 10, 20);
  catalog.scope.statement_first_line = 12;
  catalog.scope.statement_last_line = 13;
  CallSiteFact other = Site(15, "Setup", "Configure", 10, 20);
  CallSiteFact in_client = Site(40, "CatalogClient", "Items", 38, 44);
  in_client.location.file = "svc/catalog_client.cs";
  LayerBinder binder;
  binder.AddSite(0, {"svc/client.java", &catalog, 1});
  binder.AddSite(0, {"svc/client.java", &other, 2});
  binder.AddSite(0, {"svc/catalog_client.cs", &in_client, 3});

  LayerFact handler = LayerAt(13, "Setup", "Configure", 10, 20);
  handler.scope.statement_first_line = 12;
  handler.scope.statement_last_line = 13;
  Binding chain = binder.Bind(0, handler);
  CHECK(chain.calls == std::vector<int>{1});
  CHECK(chain.how == "calls in its statement (client.java:12-13)");

  handler.through = "type:CatalogClient";
  Binding typed = binder.Bind(0, handler);
  CHECK(typed.calls == std::vector<int>{1, 3});
  CHECK(typed.how ==
        "calls in its statement (client.java:12-13) and calls made through "
        "client type CatalogClient");

  // A statement without a call site falls back to the function.
  LayerFact alone = LayerAt(18, "Setup", "Configure", 10, 20);
  alone.scope.statement_first_line = 18;
  alone.scope.statement_last_line = 18;
  CHECK(binder.Bind(0, alone).calls == std::vector<int>{1, 2});
}

TEST_CASE("layer binding: a named pipeline binds the calls where it is used") {
  CallSiteFact in_items = Site(11, "CatalogService", "ItemsAsync", 8, 12);
  CallSiteFact other = Site(20, "CatalogService", "Describe", 18, 22);
  CallSiteFact use = Site(10, "CatalogService", "ItemsAsync", 8, 12);
  use.target = {TargetKind::kNone, "pipeline:catalog", ""};
  CallSiteFact unused = Site(19, "CatalogService", "Describe", 18, 22);
  unused.target = {TargetKind::kNone, "pipeline:reviews", ""};
  LayerBinder binder;
  binder.AddSite(0, {"svc/client.java", &in_items, 4});
  binder.AddSite(0, {"svc/client.java", &other, 5});
  binder.AddUse(0, {"svc/client.java", &use, -1});
  binder.AddUse(0, {"svc/client.java", &unused, -1});

  LayerFact retry;
  retry.layer.location = {"svc/program.cs", 8};
  retry.through = "pipeline:catalog";
  Binding bound = binder.Bind(0, retry);
  CHECK(bound.calls == std::vector<int>{4});
  CHECK(bound.how == "calls run through pipeline catalog (client.java:10)");

  retry.through = "pipeline:inventory";  // registered, never used
  CHECK(binder.Bind(0, retry).calls.empty());
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
