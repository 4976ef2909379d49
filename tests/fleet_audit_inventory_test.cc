// ampcheck audit over the multi-repository fixture: the services with more
// than one retrying layer (the mesh one implicit), with evidence for each
// number; the repository no service was identified for is listed.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/fleet_audit_test_support.h"

namespace ampcheck {
namespace {

using nlohmann::json;
using testing::RunAmpcheck;
using testing::ScratchDir;

const std::string kFleet = "fixtures/audit/shop";

const json& ServiceNamed(const json& report, const std::string& name) {
  for (const json& s : report["services"])
    if (s["name"] == name) return s;
  FAIL("no service " << name);
  return report;
}

TEST_CASE("audit json: layers and multi-layer calls per service") {
  ScratchDir scratch("inventory-json");
  auto run = RunAmpcheckIn(kFleet, "audit . --format json", scratch);
  CHECK(run.exit_code == 1);  // errors: 45 tries over the limit of 10
  json report = json::parse(run.out);
  CHECK(report["schema"] == "ampcheck/report/v2");
  CHECK(report["summary"]["services"] == 5);

  const json& orders = ServiceNamed(report, "orders");
  CHECK(orders["multi_layer_calls"] == 1);
  REQUIRE(orders["layers"].size() == 2);
  CHECK(orders["layers"][0]["kind"] == "client");
  CHECK(orders["layers"][0]["tries"] == 5);
  CHECK(orders["layers"][0]["file"] == "orders/internal/quote/client.go");
  CHECK(orders["layers"][0]["line"] == 11);
  CHECK(orders["layers"][0]["calls"] == json::array({"orders->pricing"}));
  CHECK(orders["layers"][1]["kind"] == "mesh");
  CHECK(orders["layers"][1]["provenance"] == "mesh-default");
  CHECK(orders["layers"][1]["file"] == "platform/deploy/pricing-routes.yaml");
  CHECK(orders["worst_outbound"]["tries"] == 15);
  CHECK(orders["worst_inbound"]["services"] ==
        json::array({"storefront", "orders"}));

  // Code in one repository, the callee deployed from a cluster export.
  const json& payments = ServiceNamed(report, "payments");
  CHECK(payments["multi_layer_calls"] == 1);
  CHECK(payments["layers"][0]["kind"] == "decorator");
  CHECK(payments["layers"][0]["file"] ==
        "payments/src/main/java/com/shop/payments/NotificationClient.java");
  CHECK(payments["layers"][1]["detail"].get<std::string>().find("2 retries") !=
        std::string::npos);
  CHECK(payments["missing_timeouts"] == json::array({"notifications"}));
  CHECK(ServiceNamed(report, "notifications")["file"] ==
        "exported/cluster.yaml");

  CHECK(ServiceNamed(report, "storefront")["multi_layer_calls"] == 0);
  CHECK(ServiceNamed(report, "pricing")["worst_inbound"]["tries"] == 45);
  CHECK(ServiceNamed(report, "pricing")["worst_outbound"].is_null());

  CHECK(report["unidentified"] ==
        json::parse(
            R"json([{"path": "legacy-batch", "files": 2, "retry_layers": 1,
                             "build_markers": ["setup.py (legacy-batch)"]}])json"));
  CHECK(report["unattributed_layers"] ==
        json::parse(R"([{"file": "legacy-batch/jobs/reconcile.py",
                         "line": 4, "origin": "tenacity"}])"));
}

TEST_CASE("audit json: the report contract of scan is kept") {
  ScratchDir scratch("inventory-contract");
  auto audit = RunAmpcheckIn(kFleet, "audit . --format json", scratch);
  auto scan = RunAmpcheckIn(kFleet, "scan . --format json", scratch);
  json inventory = json::parse(audit.out);
  for (json& s : inventory["services"]) {
    for (const char* added :
         {"layers", "multi_layer_calls", "outbound_calls", "worst_inbound",
          "worst_outbound", "missing_timeouts", "sources"})
      s.erase(added);
  }
  inventory.erase("unidentified");
  inventory.erase("unattributed_layers");
  CHECK(inventory == json::parse(scan.out));
}

TEST_CASE(
    "audit json: each service's source trees, and an input no file was read "
    "from is listed") {
  ScratchDir scratch("inventory-sources");
  std::filesystem::create_directories(scratch / "tools");
  std::ofstream(scratch / "tools/release.sh") << "#!/bin/sh\necho release\n";
  auto run = RunAmpcheckIn(kFleet,
                           "audit platform orders payments " +
                               (scratch / "tools") + " --format json",
                           scratch);
  json report = json::parse(run.out);
  CHECK(ServiceNamed(report, "orders")["sources"] == json::array({"orders"}));
  CHECK(ServiceNamed(report, "payments")["sources"] ==
        json::array({"payments"}));
  CHECK(ServiceNamed(report, "pricing")["sources"] == json::array());
  CHECK(report["unidentified"] ==
        json::array({{{"build_markers", json::array()},
                      {"files", 0},
                      {"path", scratch / "tools"},
                      {"retry_layers", 0}}}));
}

TEST_CASE("audit text: what a person reads") {
  ScratchDir scratch("inventory-text");
  auto run = RunAmpcheckIn(kFleet, "audit .", scratch);
  CHECK(run.exit_code == 1);
  CHECK(run.err.empty());  // no progress line: stderr is not a terminal
  for (const char* line :
       {"fleet inventory: 5 services, 2 with more than one retrying layer "
        "on a call\n",
        "  layer client 5 tries [explicit] hashicorp/go-retryablehttp, "
        "orders/internal/quote/client.go:11 on orders->pricing\n",
        "  layer mesh 3 tries [mesh-default] Istio default, no retries "
        "block, platform/deploy/pricing-routes.yaml:9 on orders->pricing\n",
        "  more than one retrying layer on 1 of 1 outbound calls:\n",
        "  worst outbound: 45 tries: storefront -> orders -> pricing "
        "(3 x 15 = 45)\n",
        "  no timeout at any layer on calls to: notifications\n",
        "sources no service was identified for (listed, not dropped):\n"
        "  legacy-batch: 2 files read, 1 retry layer(s) found (build markers: "
        "setup.py (legacy-batch))\n",
        "retry layers found but on no call of the graph:\n"
        "  legacy-batch/jobs/reconcile.py:4: tenacity\n"}) {
    CHECK_MESSAGE(run.out.find(line) != std::string::npos, line);
  }
}

TEST_CASE("audit csv: one row per service, quoted where needed") {
  ScratchDir scratch("inventory-csv");
  auto run = RunAmpcheckIn(kFleet, "audit . --format csv", scratch);
  CHECK(
      run.out.rfind("kind,name,namespace,in_mesh,layers,multi_layer_calls,"
                    "outbound_calls,worst_inbound_tries,worst_inbound_path,"
                    "worst_outbound_tries,worst_outbound_path,missing_timeouts,"
                    "findings,note\r\n",
                    0) == 0);
  CHECK(run.out.find(
            "service,orders,shop,true,\"client 5 tries: "
            "hashicorp/go-retryablehttp, orders/internal/quote/client.go:11; "
            "mesh 3 tries: Istio default, no retries block, "
            "platform/deploy/pricing-routes.yaml:9\",1,1,3,storefront -> "
            "orders,15,orders -> pricing,,2,") != std::string::npos);
  CHECK(run.out.find("unidentified-source,legacy-batch,") != std::string::npos);
}

TEST_CASE("audit: inputs from a list file, several repositories") {
  ScratchDir scratch("inventory-list");
  std::ofstream(scratch / "repos.txt") << "# the fleet\n"
                                       << "platform\n\n"
                                       << "orders\n"
                                       << "legacy-batch\n";
  auto run = RunAmpcheckIn(kFleet,
                           "audit --list " + (scratch / "repos.txt") +
                               " exported/cluster.yaml --format json",
                           scratch);
  json report = json::parse(run.out);
  CHECK(ServiceNamed(report, "orders")["multi_layer_calls"] == 1);
  CHECK(ServiceNamed(report, "orders")["layers"][0]["file"] ==
        "orders/internal/quote/client.go");
  CHECK(report["unidentified"][0]["path"] == "legacy-batch");

  auto missing = RunAmpcheck("audit --list " + (scratch / "none.txt"), scratch);
  CHECK(missing.exit_code == 2);
  CHECK(missing.err ==
        "ampcheck: cannot read input list " + (scratch / "none.txt") + "\n");
  auto format = RunAmpcheck("audit " + kFleet + " --format sarif", scratch);
  CHECK(format.exit_code == 2);
  CHECK(format.err ==
        "ampcheck: unknown format 'sarif' (one of json, csv, html, text)\n");
}

}  // namespace
}  // namespace ampcheck
