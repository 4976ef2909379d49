// Runs every rule over its fixtures (fixtures/rules/<language>/<rule-id>.*)
// with the runner `ampcheck test` uses (rule_fixtures.h), and the config and
// gRPC fixtures with the same expectations. Reports "false negative: file:line
// rule" and "false positive: file:line rule".
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/discover/discover.h"
#include "analyzer/extract/app_config/app_config_extractor.h"
#include "analyzer/extract/registry.h"
#include "analyzer/extract/source/grpc_service_config.h"
#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/rule_fixtures.h"
#include "analyzer/extract/source/rule_loader.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Fixtures() {
  return std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/rules";
}

TEST_CASE("every installed rule passes its positive and near-miss fixtures") {
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules =
      LoadRules({InstalledRulesDirectory()}, &diagnostics);
  for (const Diagnostic& d : diagnostics)
    FAIL_CHECK(d.location.ToString() << ": " << d.message);
  REQUIRE(!rules.empty());
  DiskFileSystem fs;
  RuleFixtureResult result =
      RunRuleFixtures(fs, rules, {Fixtures()}, AMPCHECK_SOURCE_DIR);
  for (const std::string& problem : result.problems) FAIL_CHECK(problem);
  MESSAGE(rules.size() << " rules, " << result.checked
                       << " expectations checked");
}

// Application config and gRPC service config need no rule files: their
// fixtures name the layer's rule id ("config-...", "grpc-service-config").
TEST_CASE("application config and gRPC service config fixtures") {
  ExtractorSet set;
  set.Add(std::make_unique<AppConfigExtractor>());
  set.Add(std::make_unique<GrpcServiceConfigExtractor>());
  std::set<std::string> positive, near_miss;
  int checked = 0;
  for (const char* directory : {"config", "grpc"}) {
    std::vector<fs::path> paths;
    for (const auto& entry :
         fs::recursive_directory_iterator(fs::path(Fixtures()) / directory)) {
      if (entry.is_regular_file()) paths.push_back(entry.path());
    }
    std::sort(paths.begin(), paths.end());
    for (const fs::path& path : paths) {
      std::string text = ReadFile(path);
      std::string display = fs::relative(path, AMPCHECK_SOURCE_DIR).string();
      FileFacts facts = set.ExtractFile(
          {display, ClassifyFile(path.filename().string()), text});
      for (const Diagnostic& d : facts.diagnostics)
        FAIL_CHECK(d.location.ToString() << ": " << d.message);
      std::map<std::pair<int, std::string>, std::string> actual;
      for (const LayerFact& layer : facts.layers) {
        actual[{layer.layer.location.line, layer.rule_id}] =
            layer.layer.tries.ToString();
      }
      auto expected = ReadFixtureExpectations(text);
      for (const auto& [line, list] : expected) {
        for (const FixtureExpectation& e : list) {
          ++checked;
          positive.insert(e.rule_id);
          auto it = actual.find({line, e.rule_id});
          if (it == actual.end()) {
            FAIL_CHECK(
                fmt::format("missing: {}:{} {}", display, line, e.rule_id));
          } else if (!e.tries.empty() && e.tries != it->second) {
            FAIL_CHECK(
                fmt::format("wrong tries: {}:{} {} tries={} "
                            "(expected {})",
                            display, line, e.rule_id, it->second, e.tries));
          }
        }
      }
      for (const auto& [key, tries] : actual) {
        bool wanted = false;
        if (auto it = expected.find(key.first); it != expected.end()) {
          for (const FixtureExpectation& e : it->second)
            wanted = wanted || e.rule_id == key.second;
        }
        if (!wanted)
          FAIL_CHECK(
              fmt::format("noisy: {}:{} {}", display, key.first, key.second));
      }
      static const RE2 kOk(R"(ok: ([a-z0-9.-]+))");
      for (const RegexMatch& ok : RegexFindAll(kOk, text))
        near_miss.insert(ok.groups[1]);
    }
  }
  for (const std::string& id : positive) {
    if (!near_miss.count(id)) FAIL_CHECK("no near-miss (ok: " << id << ")");
  }
  CHECK(positive.size() >= 8);
  MESSAGE(positive.size() << " config layer kinds, " << checked
                          << " expectations checked");
}

}  // namespace
}  // namespace ampcheck

namespace ampcheck {
namespace {

TEST_CASE("docs/libraries.md is generated from the current rules") {
  // Never skipped: scripts/test.sh installs python3-yaml.
  REQUIRE_MESSAGE(
      std::system("python3 -c 'import yaml' >/dev/null 2>&1") == 0,
      "python3 with PyYAML is needed (apt-get install python3-yaml)");
  std::string command = std::string("python3 ") + AMPCHECK_SOURCE_DIR +
                        "/scripts/gen_libraries_doc.py --check";
  CHECK(std::system(command.c_str()) == 0);
}

}  // namespace
}  // namespace ampcheck

namespace ampcheck {
namespace {

// The layers one installed rule finds in a snippet.
std::vector<LayerFact> RunRule(const std::string& rule_id,
                               const std::string& path,
                               const std::string& text) {
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules =
      LoadRules({InstalledRulesDirectory()}, &diagnostics);
  std::erase_if(rules, [&](const Rule& r) { return r.id != rule_id; });
  REQUIRE(rules.size() == 1);
  RuleEngine engine(rules, &diagnostics);
  FileFacts facts;
  engine.ExtractAlways({path, ClassifyFile(path), text}, &facts);
  return facts.layers;
}

TEST_CASE("layers name the config property or env var that overrides them") {
  auto r4j = RunRule("java-resilience4j-retry-annotation", "Inventory.java",
                     "import io.github.resilience4j.retry.annotation.Retry;\n"
                     "class InventoryClient {\n"
                     "  @Retry(name = \"inventory\") Stock stock() {}\n}\n");
  REQUIRE(r4j.size() == 1);
  CHECK(r4j[0].tries_property ==
        "resilience4j.retry.instances.inventory.maxAttempts");
  CHECK(r4j[0].tries_property_semantics == "tries");

  std::string mp =
      "package com.shop.pricing;\n"
      "import org.eclipse.microprofile.faulttolerance.Retry;\n"
      "class PricingResource {\n"
      "  @Retry(maxRetries = 2) Price price() { return null; }\n}\n"
      "@Retry class StockResource {}\n";
  auto mp_layers = RunRule("java-microprofile-retry", "Pricing.java", mp);
  REQUIRE(mp_layers.size() == 2);
  CHECK(mp_layers[0].tries_property ==
        "com.shop.pricing.PricingResource/price/Retry/maxRetries");
  CHECK(mp_layers[0].tries_property_semantics == "retries");
  CHECK(mp_layers[1].tries_property ==
        "com.shop.pricing.StockResource/Retry/maxRetries");

  auto spring =
      RunRule("java-spring-retryable", "Refunds.java",
              "import org.springframework.retry.annotation.Retryable;\n"
              "class Refunds {\n"
              "  @Retryable(maxAttemptsExpression = \"${refund.attempts:5}\")\n"
              "  void refund() {}\n}\n");
  REQUIRE(spring.size() == 1);
  CHECK(spring[0].tries_property == "refund.attempts");
  CHECK(spring[0].layer.tries == Tries::Of(5));
  CHECK(spring[0].layer.detail ==
        "maxAttempts = ${refund.attempts:5}: property refund.attempts, "
        "default 5 (tries)");

  auto env =
      RunRule("go-retryablehttp", "client.go",
              "package x\n"
              "import \"github.com/hashicorp/go-retryablehttp\"\n"
              "func f() {\n"
              "  c := retryablehttp.NewClient()\n"
              "  c.RetryMax, _ = strconv.Atoi(os.Getenv(\"HTTP_RETRY_MAX\"))\n"
              "}\n");
  REQUIRE(!env.empty());
  CHECK(env[0].tries_property == "env:HTTP_RETRY_MAX");
  CHECK(env[0].tries_property_semantics == "retries");
  CHECK(env[0].layer.provenance == Provenance::kInferred);
}

TEST_CASE("back-off and deadlines: spelled values, else the library default") {
  auto feign = RunRule("java-feign-retryer", "Clients.java",
                       "import feign.Retryer;\n"
                       "class Clients {\n"
                       "  Retryer a() { return new Retryer.Default(1000000, "
                       "2000000, 3); }\n"
                       "  Retryer b() { return new Retryer.Default(); }\n}\n");
  REQUIRE(feign.size() == 2);
  CHECK(feign[0].layer.backoff.base == 1000000);
  CHECK(feign[0].layer.backoff.cap == 2000000);
  CHECK(feign[1].layer.backoff.base == 100);
  CHECK(feign[1].layer.backoff.cap == 1000);

  auto kotlin = RunRule("kotlin-feign-retryer", "Clients.kt",
                        "import feign.Retryer\n"
                        "fun a(): Retryer = Retryer.Default(250, 5000, 4)\n");
  REQUIRE(kotlin.size() == 1);
  CHECK(kotlin[0].layer.backoff.base == 250);
  CHECK(kotlin[0].layer.backoff.cap == 5000);

  auto deadline =
      RunRule("go-context-with-timeout", "pricing.go",
              "package x\n"
              "import \"context\"\n"
              "func f(ctx context.Context) {\n"
              "  ctx, cancel := context.WithTimeout(ctx, 2*time.Second)\n"
              "  defer cancel()\n"
              "  stub.GetPrice(ctx, req)\n"
              "}\n");
  REQUIRE(deadline.size() == 1);
  CHECK(deadline[0].layer.total_timeout == 2000);
  CHECK(deadline[0].layer.timeout_only);
  CHECK(deadline[0].layer.location.ToString() == "pricing.go:4");
}

}  // namespace
}  // namespace ampcheck

namespace ampcheck {
namespace {

TEST_CASE("gRPC service config: cap, budget, deadline and the dialled host") {
  ExtractorSet set;
  set.Add(std::make_unique<GrpcServiceConfigExtractor>());
  std::string json = ReadFile(Fixtures() + "/grpc/service_config.json");
  FileFacts file = set.ExtractFile({"service_config.json", "json", json});
  REQUIRE(file.layers.size() == 2);
  const Layer& retry = file.layers[0].layer;
  CHECK(retry.detail ==
        "retryPolicy.maxAttempts = 4 (tries, including the original) for "
        "shop.pricing.v1.Pricing; retryThrottling maxTokens 10 tokenRatio 0.1 "
        "(at service_config.json:29): retries stop when tokens fall below "
        "half");
  CHECK(retry.total_timeout == 2000);
  CHECK(retry.backoff.base == 100);
  CHECK(retry.budget_percent == doctest::Approx(10));
  CHECK(retry.retry_on == std::vector<std::string>{"UNAVAILABLE"});
  CHECK(file.layers[1].layer.tries == Tries::Of(5));
  CHECK(file.layers[1].layer.detail.find("capped at 5") != std::string::npos);

  std::string go = ReadFile(Fixtures() + "/grpc/client.go");
  FileFacts code = set.ExtractFile({"client.go", "go", go});
  REQUIRE(code.layers.size() == 1);
  CHECK(code.layers[0].target.kind == TargetKind::kHost);
  CHECK(code.layers[0].target.value == "pricing");
  CHECK(code.layers[0].layer.location.ToString() == "client.go:12");
}

}  // namespace
}  // namespace ampcheck
