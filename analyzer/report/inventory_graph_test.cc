#include "analyzer/report/inventory_graph.h"

#include <doctest/doctest.h>

#include <sstream>

#include "analyzer/base/json_dump.h"
#include "analyzer/cli/scan.h"
#include "analyzer/report/inventory_graph_assets.h"

namespace ampcheck {
namespace {

std::string Deployment(const std::string& name, const std::string& callee) {
  std::string yaml =
      "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: "
      "{name: " +
      name +
      ", namespace: shop}\nspec:\n  template:"
      "\n    metadata: {labels: {app: " +
      name + "}}\n    spec:\n      containers:\n      - name: app\n";
  if (!callee.empty()) {
    yaml += "        env:\n        - {name: NEXT_URL, value: 'http://" +
            callee + "'}\n";
  }
  return yaml + "---\napiVersion: v1\nkind: Service\nmetadata: {name: " + name +
         ", namespace: shop}\nspec:\n  selector: {app: " + name +
         "}\n  ports: [{port: 80}]\n";
}

// storefront -> orders -> payments -> storefront (a cycle) in a meshed
// namespace; orders' VirtualService retries 9 times, so the path to
// payments is over the limit of 10.
ScanResult ScanCycle() {
  MemoryFileSystem fs;
  fs.AddFile("fleet/ns.yaml",
             "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n"
             "  labels: {istio-injection: enabled}\n");
  fs.AddFile("fleet/apps.yaml", Deployment("storefront", "orders") +
                                    Deployment("orders", "payments") +
                                    Deployment("payments", "storefront"));
  fs.AddFile("fleet/vs.yaml",
             "apiVersion: networking.istio.io/v1\nkind: VirtualService\n"
             "metadata: {name: orders, namespace: shop}\nspec:\n  hosts: "
             "[orders]\n  http:\n  - route:\n    - destination: {host: "
             "orders}\n    retries: {attempts: 9, perTryTimeout: 1s}\n"
             "    timeout: 30s\n");
  ScanOptions options;
  options.inputs = {"fleet"};
  options.no_default_rules = true;
  options.jobs = 1;
  return RunScan(fs, options);
}

TEST_CASE("inventory graph: nodes, edges, worst paths and back edges") {
  ScanResult scan = ScanCycle();
  CHECK(DumpJson(CallGraphJson(scan.model, scan.analysis), 1) == R"()");
}

TEST_CASE("inventory graph: beyond the cap, the worst services are drawn") {
  ScanResult scan = ScanCycle();
  CHECK(DumpJson(CallGraphJson(scan.model, scan.analysis, 2), 1) == R"()");
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
