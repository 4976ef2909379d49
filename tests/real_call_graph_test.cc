// What a user sees for calls that leave the inputs and for layers bound to
// the calls they wrap: the exact lines of the text report and the JSON
// counts.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/shell.h"

namespace ampcheck {
namespace {

// `ampcheck scan . <options>` from inside the fixture, where paths print
// relative to it.
std::string ScanOutput(const std::string& fixture,
                       const std::string& options = "") {
  std::string command = std::string("cd ") + AMPCHECK_SOURCE_DIR + "/" +
                        fixture + " && " + AMPCHECK_BINARY + " scan . " +
                        options + " --fail-on never 2>&1";
  return RunShell(command).out;
}

TEST_CASE("a service repository scanned alone keeps the calls that leave it") {
  std::string text = ScanOutput("fixtures/fleets/service-repo-alone");
  CHECK(text.find("not in the inputs:\n"
                  "  api.stripe.com: a host outside the cluster\n"
                  "  payments: a cluster service the inputs do not declare "
                  "(payments.billing.svc.cluster.local)\n"
                  "  inventory: a cluster service the inputs do not declare "
                  "(inventory, resolved in namespace shop)\n") !=
        std::string::npos);
  CHECK(text.find("checkout->payments(18 = 6 client: "
                  "hashicorp/go-retryablehttp, checkout/payments.go:17 x 3 "
                  "mesh: Istio default, no VirtualService for payments) = "
                  "18") != std::string::npos);
  CHECK(text.find("call sites: 0 resolved, 3 outside the inputs, 1 "
                  "unresolved\n") != std::string::npos);

  auto json = nlohmann::json::parse(
      ScanOutput("fixtures/fleets/service-repo-alone", "--format json"));
  CHECK(json["summary"]["call_sites"] ==
        nlohmann::json{{"resolved", 0},
                       {"external", 3},
                       {"unresolved", 1},
                       {"env_from_unread", 0}});
  int external = 0;
  for (const auto& s : json["services"]) external += s.value("external", false);
  CHECK(external == 3);
}

TEST_CASE("layers go on the calls their scope holds, not on every call") {
  std::string text = ScanOutput("fixtures/fleets/layer-binding", "-v");
  CHECK(text.find("      wraps calls in type CartClient (CartClient.java) "
                  "(shipping/src/main/java/com/shop/shipping/"
                  "CartClient.java:17)\n") != std::string::npos);
  CHECK(text.find("application layers: 0 on their target, 1 on the calls in "
                  "their scope, 0 assumed on every outbound call, 3 on no "
                  "service call, 0 on no known call, 0 overloads counted "
                  "once\n") != std::string::npos);
  CHECK(text.find("assumed:") == std::string::npos);

  auto json = nlohmann::json::parse(
      ScanOutput("fixtures/fleets/shared-defaults", "--format json"));
  CHECK(json["summary"]["layers"]["assumed_every_call"] == 2);
  bool shared_evidence = false;
  for (const auto& call : json["calls"]) {
    for (const auto& layer : call["layers"]) {
      for (const auto& e : layer.value("evidence", nlohmann::json::array())) {
        shared_evidence = shared_evidence ||
                          e["detail"] ==
                              "shared project src/Shop.Defaults, referenced by "
                              "src/Basket/Basket.csproj";
      }
    }
  }
  CHECK(shared_evidence);
}

TEST_CASE("a layer is on the calls of the client or pipeline it configures") {
  std::string typed = ScanOutput("fixtures/fleets/typed-clients", "-v");
  CHECK(typed.find("      wraps calls in its statement (Program.cs:8-9) "
                   "(src/WebShop/Program.cs:8)\n") != std::string::npos);
  CHECK(typed.find("      wraps calls made through client type StockClient "
                   "(src/WebShop/Program.cs:21)\n") != std::string::npos);
  CHECK(typed.find("webshop->reviews-api(3: Istio default, no VirtualService "
                   "for reviews-api) = 3") != std::string::npos);

  std::string pipelines = ScanOutput("fixtures/fleets/named-pipelines", "-v");
  CHECK(pipelines.find("      wraps calls run through pipeline catalog "
                       "(CatalogService.cs:10) (src/Storefront/Program.cs:9)"
                       "\n") != std::string::npos);
  CHECK(pipelines.find("assumed:") == std::string::npos);

  std::string feign = ScanOutput("fixtures/fleets/feign-builders", "-v");
  CHECK(feign.find("      wraps calls in its statement (Clients.java:15) "
                   "(orders/src/main/java/com/shop/orders/Clients.java:15)"
                   "\n") != std::string::npos);
}

TEST_CASE("an HTTP client's retry is not on a data store's call") {
  std::string text = ScanOutput("fixtures/fleets/client-protocols", "-v");
  CHECK(text.find("    note: not on this call: Apache HttpClient 4 "
                  "(shipping/src/main/java/com/shop/shipping/"
                  "BasketClient.java:18) retries its own client's requests; "
                  "mysql is a data store or broker (Service mysql ports are "
                  "mysql (deploy.yaml:24))\n") != std::string::npos);
  CHECK(text.find("  mysql: shipping->mysql(1: no retrying layer) = 1\n") !=
        std::string::npos);
  // Still an assumption on the HTTP call, and counted as one.
  CHECK(text.find("1 assumed on every outbound call") != std::string::npos);
}

}  // namespace
}  // namespace ampcheck
