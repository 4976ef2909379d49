#include "analyzer/report/markdown_report.h"

#include <doctest/doctest.h>

#include <sstream>

#include "analyzer/cli/scan.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

std::string Render(const ScanResult& scan) {
  std::ostringstream out;
  MakeReporter("markdown")->Render(scan.model, scan.analysis, {}, out);
  return out.str();
}

ScanResult ScanDisk(const std::string& fleet) {
  ScanOptions options;
  options.inputs = {std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/" + fleet};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  DiskFileSystem fs;
  return RunScan(fs, options);
}

// `workloads` in the meshed namespace shop, scanned without source rules.
ScanResult ScanMeshedShop(const std::string& workloads) {
  MemoryFileSystem fs;
  fs.AddFile("fleet/ns.yaml",
             "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n"
             "  labels: {istio-injection: enabled}\n");
  fs.AddFile("fleet/workloads.yaml", workloads);
  ScanOptions options;
  options.inputs = {"fleet"};
  options.no_default_rules = true;
  options.jobs = 1;
  return RunScan(fs, options);
}

// A meshed namespace where each of `callers` services calls pricing.
ScanResult ScanCallers(int callers) {
  std::string yaml =
      "apiVersion: v1\nkind: Service\nmetadata: {name: pricing, namespace: "
      "shop}\nspec:\n  selector: {app: pricing}\n  ports: [{port: 80}]\n";
  for (int i = 0; i < callers; ++i) {
    std::string name = "caller" + std::to_string(i);
    yaml +=
        "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " + name +
        ", namespace: shop}\nspec:\n  template:\n    metadata: {labels: "
        "{app: " +
        name +
        "}}\n    spec:\n      containers:\n      - name: app\n"
        "        env:\n        - {name: PRICING_URL, value: "
        "'http://pricing'}\n";
  }
  return ScanMeshedShop(yaml);
}

// A meshed namespace where each of `callers` services calls its own callee,
// pricing<i>, through a VirtualService that retries with no timeout: one
// cause (and one path) per caller.
ScanResult ScanCallersOwnRoutes(int callers) {
  std::string yaml;
  for (int i = 0; i < callers; ++i) {
    std::string caller = "caller" + std::to_string(i);
    std::string callee = "pricing" + std::to_string(i);
    yaml += "---\napiVersion: v1\nkind: Service\nmetadata: {name: " + callee +
            ", namespace: shop}\nspec:\n  selector: {app: " + callee +
            "}\n  ports: [{port: 80}]\n"
            "---\napiVersion: networking.istio.io/v1\nkind: "
            "VirtualService\nmetadata: {name: " +
            callee + ", namespace: shop}\nspec:\n  hosts: [" + callee +
            "]\n  http:\n  - route: [{destination: {host: " + callee +
            "}}]\n    retries: {attempts: 2}\n"
            "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " +
            caller +
            ", namespace: shop}\nspec:\n  template:\n    metadata: {labels: "
            "{app: " +
            caller +
            "}}\n    spec:\n      containers:\n      - name: app\n"
            "        env:\n        - {name: PRICING_URL, value: 'http://" +
            callee + "'}\n";
  }
  return ScanMeshedShop(yaml);
}

TEST_CASE("markdown: each affected path with its total and layer factors") {
  std::string md = Render(ScanDisk("fleets/seed-000-wrapper-x-mesh"));
  CHECK(
      md.rfind(
          "<!-- ampcheck -->\n### ampcheck: 2 errors, 4 warnings, 3 notes on 3 "
          "paths\n\n**`checkout` → `pricing`: 9 tries per request** = 3 "
          "(client: shared HTTP wrapper, `.ampcheck.yaml:16`) × 3 "
          "(mesh: Istio default, no VirtualService for pricing)\n\n- "
          ":x: `undocumented-amplification` at `.ampcheck.yaml:16`: "
          "path checkout -> pricing: 9 tries per request from 2 "
          "retrying layers (3 client x 3 mesh); nothing declares the "
          "owner and maximum\n",
          0) == 0);
  // The 3-try path comes after both 9-try paths.
  CHECK(md.find("**`catalog` → `pricing`: 3 tries per request**") >
        md.find("**`orders` → `pricing`: 9 tries per request**"));
  CHECK(md.find("```mermaid\nflowchart LR\n  s0[\"catalog\"]\n  "
                "s1[\"checkout\"]\n  s2[\"orders\"]\n  s3[\"pricing\"]\n  s0 "
                "-->|\"3 tries\"| s3\n  s1 -->|\"9 tries\"| s3\n  s2 -->|\"9 "
                "tries\"| s3\n```\n") != std::string::npos);
  CHECK(md.find("<details>") == std::string::npos);
}

TEST_CASE("markdown: worst paths first, the rest folded") {
  std::string md = Render(ScanCallersOwnRoutes(7));
  CHECK(md.find("on 7 paths") != std::string::npos);
  size_t fold = md.find("<details><summary>2 more paths</summary>");
  REQUIRE(fold != std::string::npos);
  CHECK(md.find("**`caller4` → `pricing4`") < fold);
  CHECK(md.find("**`caller5` → `pricing5`") > fold);
}

TEST_CASE("markdown: a short all-clear when nothing is wrong") {
  MemoryFileSystem fs;
  fs.AddFile(
      "fleet/app.yaml",
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n"
      "spec:\n  template:\n    spec:\n      containers: [{name: web}]\n");
  ScanOptions options;
  options.inputs = {"fleet"};
  options.no_default_rules = true;
  ScanResult scan = RunScan(fs, options);
  REQUIRE(scan.analysis.findings.empty());
  std::string md = Render(scan);
  CHECK(md.rfind("<!-- ampcheck -->\n### ampcheck: no retry amplification "
                 "found :white_check_mark:\n\n<sub>1 file, 1 service, 0 "
                 "calls;",
                 0) == 0);
}

TEST_CASE("markdown: capped, the worst paths kept and the rest counted") {
  ScanResult scan = ScanCallersOwnRoutes(40);
  ReportOptions options;
  options.markdown_max_chars = 4000;
  std::ostringstream out;
  MakeReporter("markdown")->Render(scan.model, scan.analysis, options, out);
  std::string md = out.str();
  CHECK(md.size() <= 4000);
  CHECK(md.find("**`caller0` → `pricing0`") != std::string::npos);
  CHECK(md.find("**`caller39` → `pricing39`") == std::string::npos);
  size_t shown = 0;
  for (size_t at = md.find("→ `pricing"); at != std::string::npos;
       at = md.find("→ `pricing", at + 1))
    ++shown;
  size_t not_shown = md.find("**Not shown: ");
  REQUIRE(not_shown != std::string::npos);
  CHECK(md.substr(not_shown).starts_with(
      "**Not shown: " + std::to_string(40 - shown) + " more paths, "));
  CHECK(md.find("this comment keeps the worst within 4000 characters") !=
        std::string::npos);
  CHECK(md.ends_with(" tries per request.</sub>\n"));
}

TEST_CASE("markdown: the graph keeps the worst calls up to its edge limit") {
  ScanResult scan = ScanCallers(7);
  std::vector<int> calls;
  for (size_t i = 0; i < scan.model.calls.size(); ++i)
    calls.push_back(static_cast<int>(i));
  std::string graph = MermaidGraph(scan.model, scan.analysis.graph, calls, 3);
  size_t edges = 0;
  for (size_t at = graph.find(" -->|"); at != std::string::npos;
       at = graph.find(" -->|", at + 1))
    ++edges;
  CHECK(edges == 3);
  CHECK(
      graph.ends_with("```\n\n<sub>The graph draws the 3 worst calls of "
                      "7; 4 more are not drawn (at most 3 edges and 20000 "
                      "characters).</sub>\n"));
}

TEST_CASE("markdown: helpers") {
  CHECK(MarkdownEscape("a|b <c> *d* [e]") == "a\\|b \\<c> \\*d\\* \\[e\\]");
  CHECK(MarkdownPathName({"a", "b", "c"}) == "`a` → `b` → `c`");
  Model model;
  CHECK(CallsAlong(model, {"a", "b"}).empty());
}

}  // namespace
}  // namespace ampcheck
