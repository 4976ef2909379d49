// Ordinary files with one very long part, which overflowed the stack while
// std::regex matched them: each scans like any other file, and what it holds
// is still extracted.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "analyzer/cli/scan.h"
#include "analyzer/discover/discover.h"
#include "analyzer/extract/registry.h"
#include "analyzer/extract/source/build_marker_extractor.h"
#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/rule_loader.h"
#include "analyzer/extract/source/value_eval.h"

namespace ampcheck {
namespace {

// 100 KB: a comment mentions <parent> without closing it, then many
// dependencies.
std::string PomWithUnclosedParent() {
  std::string pom =
      "<project>\n  <!-- no <parent> any more -->\n"
      "  <artifactId>billing</artifactId>\n  <dependencies>\n";
  for (int i = 0; pom.size() < 100 * 1024; ++i) {
    pom += "    <dependency><groupId>org.example</groupId><artifactId>lib" +
           std::to_string(i) + "</artifactId></dependency>\n";
  }
  return pom + "  </dependencies>\n</project>\n";
}

// 40 KB: one @Value placeholder naming a very long property.
std::string JavaWithLongValue() {
  return "package shop;\n\nclass PricingConfig {\n  @Value(\"${" +
         std::string(40 * 1024, 'a') +
         ".pricing.base-url}\")\n  String pricingUrl;\n}\n";
}

// 60 KB: one identifier, the receiver of an axios-like call with a timeout.
std::string TypeScriptWithLongIdentifier() {
  return "import axios from \"axios\";\n\nexport const r = " +
         std::string(60 * 1024, 'a') +
         "Client.get(\"http://orders/x\", {timeout: 500});\n";
}

TEST_CASE("a 100 KB pom.xml with an unclosed <parent> names its module") {
  CHECK(ModuleName("pom.xml", PomWithUnclosedParent()) == "billing");
  // A closed <parent> is still skipped, however long the file.
  CHECK(ModuleName("pom.xml",
                   "<project><parent><artifactId>base</artifactId>"
                   "</parent><artifactId>billing</artifactId>" +
                       std::string(100 * 1024, ' ') + "</project>") ==
        "billing");
}

TEST_CASE("a long @Value placeholder and a long identifier are extracted") {
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules =
      LoadRules({InstalledRulesDirectory()}, &diagnostics);
  RuleEngine engine(rules, &diagnostics);
  CHECK(diagnostics.empty());

  FileFacts java;
  engine.ExtractAlways({"src/PricingConfig.java", "java", JavaWithLongValue()},
                       &java);
  REQUIRE(java.call_sites.size() == 1);
  CHECK(java.call_sites[0].location.line == 4);
  CHECK(java.call_sites[0].target.value ==
        "${" + std::string(40 * 1024, 'a') + ".pricing.base-url}");
  auto reference = PropertyPlaceholder(JavaWithLongValue());
  REQUIRE(reference);
  CHECK(reference->key.size() == 40 * 1024 + 17);

  FileFacts ts;
  engine.ExtractAlways(
      {"src/app.ts", "typescript", TypeScriptWithLongIdentifier()}, &ts);
  REQUIRE(ts.layers.size() == 1);
  CHECK(ts.layers[0].rule_id == "js-axios-timeout");
  CHECK(ts.layers[0].layer.total_timeout == 500);
}

TEST_CASE("a source file over a work bound is skipped, naming the bound") {
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules =
      LoadRules({InstalledRulesDirectory()}, &diagnostics);
  RuleEngine engine(rules, &diagnostics);
  std::string java = JavaWithLongValue();
  for (int i = 0; i < 2000; ++i)
    java += "class C" + std::to_string(i) + " { int f() { return " +
            std::to_string(i) + "; } }\n";

  SourceBounds parse;
  parse.parse_timeout_micros = 1;  // far less than parsing this file takes
  engine.set_bounds(parse);
  FileFacts slow;
  engine.ExtractAlways({"src/PricingConfig.java", "java", java}, &slow);
  REQUIRE(slow.diagnostics.size() == 1);
  CHECK(slow.diagnostics[0].location.ToString() == "src/PricingConfig.java");
  CHECK(slow.diagnostics[0].message ==
        "not analysed: parsing took longer than 1e-06 s (the per-file parse "
        "bound); file skipped");
  CHECK(slow.call_sites.empty());

  SourceBounds budget;
  budget.file_budget_seconds = 0;
  engine.set_bounds(budget);
  FileFacts spent;
  engine.ExtractAlways({"src/PricingConfig.java", "java", java}, &spent);
  REQUIRE(spent.diagnostics.size() == 1);
  CHECK(spent.diagnostics[0].message.starts_with("not fully analysed: 0 of "));
  CHECK(spent.diagnostics[0].message.ends_with(
      " rules ran before the per-file time budget of 0 s was spent"));

  // The default bounds let the same file through.
  engine.set_bounds(SourceBounds{});
  FileFacts normal;
  engine.ExtractAlways({"src/PricingConfig.java", "java", java}, &normal);
  CHECK(normal.diagnostics.empty());
  CHECK(normal.call_sites.size() == 1);
}

TEST_CASE("the three long files scan next to a fleet, which stays intact") {
  MemoryFileSystem memory;
  memory.AddFile("fleet/deploy.yaml", R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        env: [{name: ORDERS_URL, value: "http://orders"}]
---
apiVersion: v1
kind: Service
metadata: {name: orders, namespace: shop}
spec: {ports: [{port: 80}]}
)");
  memory.AddFile("fleet/billing/pom.xml", PomWithUnclosedParent());
  memory.AddFile("fleet/billing/src/main/java/shop/PricingConfig.java",
                 JavaWithLongValue());
  memory.AddFile("fleet/web/src/app.ts", TypeScriptWithLongIdentifier());
  ScanOptions options;
  options.inputs = {"fleet"};
  options.jobs = 1;
  ScanResult result = RunScan(memory, options);
  // The 60 KB one-line TypeScript file reads as minified and is skipped
  // (counted); the engine test above parses it.
  CHECK(result.readable_files == 3);
  CHECK(result.model.skipped_files.at("minified") == 1);
  // The only input problem: the long @Value's call site, whose file belongs
  // to no service of the fleet.
  REQUIRE(result.model.diagnostics.size() == 1);
  CHECK(result.model.diagnostics[0].severity == Severity::kNote);
  CHECK(result.model.diagnostics[0].message.find(
            "not analysed: its file is attributed to no service") !=
        std::string::npos);
  REQUIRE(result.model.calls.size() == 1);
}

// A rule whose pattern keeps one match in progress per statement of a block
// until the block ends: more than the limit at once.
TEST_CASE("a query over the match limit says its matches may be missing") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() /
                 ("ampcheck-match-limit-" + std::to_string(::getpid()));
  fs::create_directories(dir / "go");
  std::ofstream(dir / "go" / "test-statement-pairs.yaml")
      << R"(id: test-statement-pairs
language: go
library: test
produces: call-site
prefilter: [Getenv]
query: |
  (block (expression_statement) @first (expression_statement (call_expression arguments: (argument_list (interpreted_string_literal) @url))) @match)
target: {kind: env, capture: url}
)";
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules = LoadRules({dir.string()}, &diagnostics);
  REQUIRE(diagnostics.empty());
  RuleEngine engine(rules, &diagnostics);
  std::string go = "package main\n\nimport \"os\"\n\nfunc main() {\n";
  for (int i = 0; i < 200; ++i)
    go += "  os.Getenv(\"A" + std::to_string(i) + "_URL\")\n";
  go += "}\n";

  FileFacts normal;
  engine.ExtractAlways({"main.go", "go", go}, &normal);
  CHECK(normal.diagnostics.empty());
  CHECK(normal.call_sites.size() == 199);

  SourceBounds bounds;
  bounds.match_limit = 2;
  engine.set_bounds(bounds);
  FileFacts limited;
  engine.ExtractAlways({"main.go", "go", go}, &limited);
  fs::remove_all(dir);
  REQUIRE(limited.diagnostics.size() == 1);
  CHECK(limited.diagnostics[0].severity == Severity::kWarning);
  CHECK(limited.diagnostics[0].location.ToString() == "main.go");
  CHECK(limited.diagnostics[0].message ==
        "rule test-statement-pairs: more than 2 matches in progress at once "
        "(the query match limit); some of its matches may be missing");
}

}  // namespace
}  // namespace ampcheck
