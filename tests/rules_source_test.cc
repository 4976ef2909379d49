// Runs every rule over its fixtures (fixtures/rules/<language>/<rule-id>.*)
// and compares with the expectations written next to the triggering lines:
//   // ruleid: <rule-id> tries=4     the next code line (or this one) fires
//   (timeout=2000/- states the per-try and total timeouts in ms)
//   // ok: <rule-id>                 near miss: must stay silent
//   // todoruleid: <rule-id>         known gap: not checked
//   "//": "ruleid: <rule-id>",       the same in JSON
// Reports "missing: file:line rule" and "noisy: file:line rule".
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

struct Expectation {
  std::string rule_id;
  std::string tries;     // "" when not stated
  std::string timeout;   // "PER_TRY_MS/TOTAL_MS", "-" for unset; "" not stated
  std::string target;    // "kind:value" ("env:ORDERS_URL"), "" when not stated
  std::string fallback;  // the target's in-code default, "" when not stated
};

// What a rule found on one line.
struct Found {
  std::string tries;
  std::string timeout;
  std::string target;
  std::string fallback;
};

// "per-try/total" in milliseconds, "-" where unset: what a timeout= says.
std::string TimeoutText(const Layer& layer) {
  auto ms = [](const std::optional<Millis>& m) {
    return m ? std::to_string(*m) : std::string("-");
  };
  return ms(layer.per_try_timeout) + "/" + ms(layer.total_timeout);
}

std::string TargetText(const Target& target) {
  if (target.kind == TargetKind::kNone) return "";
  return std::string(TargetKindName(target.kind)) + ":" + target.value;
}

// Expectations by line. A comment-only line applies to the next line with code.
std::map<int, std::vector<Expectation>> ReadExpectations(
    const std::string& text) {
  static const RE2 kExpect(
      R"((//|#)(?:"\s*:\s*")?\s*ruleid:\s*([a-z0-9.-]+)(\s+tries=(\w+))?)"
      R"((\s+timeout=(\S+))?(\s+target=(\S+))?(\s+fallback=(\S+))?)");
  std::map<int, std::vector<Expectation>> out;
  std::vector<std::string> lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::vector<RegexMatch> found = RegexFindAll(kExpect, lines[i]);
    if (found.empty() || lines[i].find("todoruleid") != std::string::npos)
      continue;
    const RegexGroups& m = found[0].groups;
    std::string before = Trim(lines[i].substr(0, found[0].position));
    size_t target = i;
    // A JSON fixture writes its comment as a key: "//": "ruleid: ...".
    if (before.empty() || before == "\"") {
      target = i + 1;
      while (target < lines.size() && (Trim(lines[target]).empty() ||
                                       StartsWith(Trim(lines[target]), "//") ||
                                       StartsWith(Trim(lines[target]), "#"))) {
        ++target;
      }
    }
    out[static_cast<int>(target) + 1].push_back(
        {m[2], m[4], m[6], m[8], m[10]});
  }
  return out;
}

std::string Fixtures() {
  return std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/rules";
}

// Runs `rules` over every fixture file named after one of them.
std::vector<std::string> RunFixtures(const std::vector<Rule>& rules,
                                     const std::string& root, int* checked) {
  std::vector<std::string> problems;
  std::vector<Diagnostic> diagnostics;
  for (const Rule& rule : rules) {
    RuleEngine engine({rule}, &diagnostics);
    fs::path directory = fs::path(root) / rule.language;
    bool found = false;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(directory, ec)) {
      if (entry.path().stem().string() != rule.id) continue;
      found = true;
      std::string text = ReadFile(entry.path());
      std::string display =
          fs::relative(entry.path(), AMPCHECK_SOURCE_DIR).string();
      SourceFile file{display, ClassifyFile(entry.path().filename().string()),
                      text};
      FileFacts facts;
      engine.ExtractAlways(file, &facts);
      auto expected = ReadExpectations(text);
      std::map<int, Found> actual;
      for (const LayerFact& layer : facts.layers) {
        actual[layer.layer.location.line] = {
            layer.layer.tries.ToString(), TimeoutText(layer.layer),
            TargetText(layer.target), layer.target.fallback};
      }
      for (const CallSiteFact& site : facts.call_sites) {
        actual[site.location.line] = {"", "", TargetText(site.target),
                                      site.target.fallback};
      }
      for (const auto& [line, list] : expected) {
        for (const Expectation& e : list) {
          if (e.rule_id != rule.id) continue;
          ++*checked;
          auto it = actual.find(line);
          if (it == actual.end()) {
            problems.push_back(
                fmt::format("missing: {}:{} {}", display, line, rule.id));
          } else if (!e.tries.empty() && e.tries != it->second.tries) {
            problems.push_back(
                fmt::format("wrong tries: {}:{} {} tries={} (expected {})",
                            display, line, rule.id, it->second.tries, e.tries));
          } else if (!e.timeout.empty() && e.timeout != it->second.timeout) {
            problems.push_back(fmt::format(
                "wrong timeout: {}:{} {} timeout={} (expected {})", display,
                line, rule.id, it->second.timeout, e.timeout));
          } else if (!e.target.empty() && e.target != it->second.target) {
            problems.push_back(fmt::format(
                "wrong target: {}:{} {} target={} (expected {})", display, line,
                rule.id, it->second.target, e.target));
          } else if (!e.target.empty() && e.fallback != it->second.fallback) {
            // A stated target states its default too: none when absent.
            problems.push_back(fmt::format(
                "wrong fallback: {}:{} {} fallback={} (expected {})", display,
                line, rule.id, it->second.fallback,
                e.fallback.empty() ? "none" : e.fallback));
          }
        }
      }
      for (const auto& [line, tries] : actual) {
        bool wanted = false;
        if (auto it = expected.find(line); it != expected.end()) {
          for (const Expectation& e : it->second)
            wanted = wanted || e.rule_id == rule.id;
        }
        if (!wanted)
          problems.push_back(
              fmt::format("noisy: {}:{} {}", display, line, rule.id));
      }
      if (text.find("ok: " + rule.id) == std::string::npos) {
        problems.push_back(
            fmt::format("no near-miss (// ok: {}) in {}", rule.id, display));
      }
      if (expected.empty())
        problems.push_back(fmt::format("no positive case in {}", display));
    }
    if (!found)
      problems.push_back(
          fmt::format("no fixture for rule {} ({})", rule.id, rule.file));
  }
  for (const Diagnostic& d : diagnostics) {
    problems.push_back(
        fmt::format("rule error: {}: {}", d.location.ToString(), d.message));
  }
  return problems;
}

TEST_CASE("every installed rule passes its positive and near-miss fixtures") {
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules =
      LoadRules({InstalledRulesDirectory()}, &diagnostics);
  for (const Diagnostic& d : diagnostics)
    FAIL_CHECK(d.location.ToString() << ": " << d.message);
  REQUIRE(!rules.empty());
  int checked = 0;
  for (const std::string& problem : RunFixtures(rules, Fixtures(), &checked))
    FAIL_CHECK(problem);
  MESSAGE(rules.size() << " rules, " << checked << " expectations checked");
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
      auto expected = ReadExpectations(text);
      for (const auto& [line, list] : expected) {
        for (const Expectation& e : list) {
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
          for (const Expectation& e : it->second)
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
