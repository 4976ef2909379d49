// What a user sees for calls that leave the inputs and for layers bound to
// the calls they wrap: the exact lines of the text report and the JSON
// counts.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace ampcheck {
namespace {

std::string ScanOutput(const std::string& arguments) {
  std::string command = std::string("cd ") + AMPCHECK_SOURCE_DIR + " && " +
                        AMPCHECK_BINARY + " scan " + arguments +
                        " --fail-on never 2>&1";
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  pclose(pipe);
  return out;
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
      ScanOutput("fixtures/fleets/service-repo-alone --format json"));
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
  std::string text = ScanOutput("fixtures/fleets/layer-binding -v");
  CHECK(text.find("      wraps calls in type CartClient (CartClient.java) "
                  "(shipping/src/main/java/com/shop/shipping/"
                  "CartClient.java:17)\n") != std::string::npos);
  CHECK(text.find("application layers: 0 on their target, 1 on the calls in "
                  "their scope, 0 assumed on every outbound call, 3 on no "
                  "service call, 0 on no known call, 0 overloads counted "
                  "once\n") != std::string::npos);
  CHECK(text.find("assumed:") == std::string::npos);

  auto json = nlohmann::json::parse(
      ScanOutput("fixtures/fleets/shared-defaults --format json"));
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

}  // namespace
}  // namespace ampcheck
