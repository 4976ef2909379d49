#include "analyzer/report/inventory_graph.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "analyzer/base/json_dump.h"
#include "analyzer/cli/scan.h"
#include "analyzer/report/inventory_graph_assets.h"

namespace ampcheck {
namespace {

std::string Deployment(const std::string& name,
                       const std::vector<std::string>& callees) {
  std::string yaml =
      "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: "
      "{name: " +
      name +
      ", namespace: shop}\nspec:\n  template:"
      "\n    metadata: {labels: {app: " +
      name + "}}\n    spec:\n      containers:\n      - name: app\n";
  if (!callees.empty()) yaml += "        env:\n";
  for (size_t i = 0; i < callees.size(); ++i) {
    yaml += "        - {name: DEP" + std::to_string(i) +
            "_URL, value: 'http://" + callees[i] + "'}\n";
  }
  return yaml + "---\napiVersion: v1\nkind: Service\nmetadata: {name: " + name +
         ", namespace: shop}\nspec:\n  selector: {app: " + name +
         "}\n  ports: [{port: 80}]\n";
}

ScanResult Scan(const std::string& apps, const std::string& extra = "") {
  MemoryFileSystem fs;
  fs.AddFile("fleet/ns.yaml",
             "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n"
             "  labels: {istio-injection: enabled}\n");
  fs.AddFile("fleet/apps.yaml", apps);
  if (!extra.empty()) fs.AddFile("fleet/extra.yaml", extra);
  ScanOptions options;
  options.inputs = {"fleet"};
  options.no_default_rules = true;
  options.jobs = 1;
  return RunScan(fs, options);
}

// storefront -> orders -> payments -> storefront, a cycle in a meshed
// namespace (3 tries a hop, Istio's default), orders' VirtualService
// retrying 9 times (10 tries).
ScanResult ScanCycle() {
  return Scan(Deployment("storefront", {"orders"}) +
                  Deployment("orders", {"payments"}) +
                  Deployment("payments", {"storefront"}),
              "apiVersion: networking.istio.io/v1\nkind: VirtualService\n"
              "metadata: {name: orders, namespace: shop}\nspec:\n  hosts: "
              "[orders]\n  http:\n  - route:\n    - destination: {host: "
              "orders}\n    retries: {attempts: 9, perTryTimeout: 1s}\n"
              "    timeout: 30s\n");
}

// The cycle is entered at orders (services are in name order) and closed
// by storefront -> orders; no path is over the limit of 10, so the worst
// one (to storefront, 9 tries) is red.
TEST_CASE("inventory graph: nodes, edges, worst paths and back edges") {
  ScanResult scan = ScanCycle();
  CHECK(
      DumpJson(CallGraphJson(scan.model, scan.analysis)) ==
      R"({"edges":[)"
      R"({"back":false,"from":0,"hot":true,"retries":true,"to":1,"tries":"3"},)"
      R"({"back":false,"from":1,"hot":true,"retries":true,"to":2,"tries":"3"},)"
      R"({"back":true,"from":2,"hot":false,"retries":true,"to":0,"tries":"10"}],)"
      R"("nodes":[)"
      R"({"id":0,"name":"orders","namespace":"shop","over":false,"tries":"1"},)"
      R"({"id":1,"name":"payments","namespace":"shop","over":false,"tries":"3"},)"
      R"({"id":2,"name":"storefront","namespace":"shop","over":false,"tries":"9"}],)"
      R"("services":3})");
}

TEST_CASE("inventory graph: beyond the cap, the worst services are drawn") {
  ScanResult scan = ScanCycle();
  CHECK(
      DumpJson(CallGraphJson(scan.model, scan.analysis, 2)) ==
      R"({"edges":[)"
      R"({"back":false,"from":1,"hot":true,"retries":true,"to":2,"tries":"3"}],)"
      R"("nodes":[)"
      R"({"id":1,"name":"payments","namespace":"shop","over":false,"tries":"3"},)"
      R"({"id":2,"name":"storefront","namespace":"shop","over":false,"tries":"9"}],)"
      R"("services":3})");
}

// gateway -> mid -> hub -> leaf0..leaf11: every leaf receives 27 tries,
// over the limit; only the first ten in service order (leaf0, leaf1,
// leaf10, leaf11, leaf2, ..., leaf7) have their path red.
TEST_CASE("inventory graph: at most ten worst paths are red") {
  std::vector<std::string> leaves;
  std::string apps;
  for (int i = 0; i < 12; ++i) {
    leaves.push_back("leaf" + std::to_string(i));
    apps += Deployment(leaves.back(), {});
  }
  ScanResult scan =
      Scan(apps + Deployment("gateway", {"mid"}) + Deployment("mid", {"hub"}) +
           Deployment("hub", leaves));
  nlohmann::json graph = CallGraphJson(scan.model, scan.analysis);
  std::vector<std::string> hot, over;
  for (const nlohmann::json& e : graph["edges"]) {
    if (e["hot"] == true)
      hot.push_back(
          graph["nodes"][e["from"].get<int>()]["name"].get<std::string>() +
          "->" + graph["nodes"][e["to"].get<int>()]["name"].get<std::string>());
  }
  for (const nlohmann::json& n : graph["nodes"]) {
    if (n["over"] == true) over.push_back(n["name"]);
  }
  std::sort(hot.begin(), hot.end());
  CHECK(over.size() == 12);
  CHECK(hot == std::vector<std::string>{
                   "gateway->mid", "hub->leaf0", "hub->leaf1", "hub->leaf10",
                   "hub->leaf11", "hub->leaf2", "hub->leaf3", "hub->leaf4",
                   "hub->leaf5", "hub->leaf6", "hub->leaf7", "mid->hub"});
}

TEST_CASE("inventory graph: the section inlines data, dagre and the viewer") {
  ScanResult scan = ScanCycle();
  std::ostringstream out;
  RenderCallGraph(scan.model, scan.analysis, out);
  std::string html = out.str();
  CHECK(html.find("<input type=\"search\" id=\"graph-filter\"") !=
        std::string::npos);
  CHECK(html.find("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                  "id=\"call-graph\"></svg>") != std::string::npos);
  CHECK(html.find("<script type=\"application/json\" id=\"call-graph-data\">"
                  "{\"edges\":[{\"back\":") != std::string::npos);
  // dagre is installed by scripts/setup.sh before every build.
  CHECK(html.find("Copyright (c) 2012-2014 Chris Pettitt") !=
        std::string::npos);
  CHECK(html.find("var dagre=") != std::string::npos);
  CHECK(html.find(kInventoryGraphJs) != std::string::npos);
  CHECK(html.find("sourceMappingURL") == std::string::npos);
}

}  // namespace
}  // namespace ampcheck
