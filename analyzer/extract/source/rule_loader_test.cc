#include "analyzer/extract/source/rule_loader.h"

#include <doctest/doctest.h>

#include "analyzer/extract/registry.h"
#include "analyzer/extract/source/rule_engine.h"

namespace ampcheck {
namespace {

TEST_CASE("schema errors name the rule file and line") {
  std::vector<Diagnostic> diagnostics;
  Rule rule;
  std::string text =
      "id: x\nlanguage: cobol\nlibrary: l\nkind: client\nprefilter: [a]\n"
      "query: \"(identifier) @match\"\ntries: {semantics: tries, default: "
      "3}\nbogus: 1\n";
  CHECK_FALSE(ParseRule(InstalledRuleSchema(), "rules/go/x.yaml", text, &rule,
                        &diagnostics));
  REQUIRE(diagnostics.size() == 2);
  CHECK(diagnostics[0].location.ToString() == "rules/go/x.yaml:2");
  CHECK(diagnostics[0].message.find("'cobol' is not one of") !=
        std::string::npos);
  CHECK(diagnostics[1].location.ToString() == "rules/go/x.yaml:8");
  CHECK(diagnostics[1].message == "unknown field 'bogus'");
}

TEST_CASE("proven lists \"<package> <version>\" entries") {
  std::string head =
      "id: x\nlanguage: python\nlibrary: l\nkind: client\nprefilter: [a]\n"
      "query: \"(identifier) @match\"\ntries: {semantics: tries, default: "
      "3}\n";
  std::vector<Diagnostic> diagnostics;
  Rule rule;
  CHECK(ParseRule(InstalledRuleSchema(), "rules/python/x.yaml",
                  head + "proven: [\"python3-urllib3 1.26.12-1+deb12u4\", "
                         "\"axios-retry 4.5.0\"]\n",
                  &rule, &diagnostics));
  CHECK(diagnostics.empty());
  CHECK_FALSE(ParseRule(InstalledRuleSchema(), "rules/python/x.yaml",
                        head + "proven: [urllib3]\n", &rule, &diagnostics));
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() == "rules/python/x.yaml:8");
  CHECK(diagnostics[0].message.find("'proven[0]': 'urllib3' does not match") ==
        0);
}

TEST_CASE(
    "a kind_by_enclosing pattern that is not a regular expression is "
    "reported at its line") {
  std::vector<Diagnostic> diagnostics;
  Rule rule;
  std::string text =
      "id: x\nlanguage: java\nlibrary: l\nkind: client\nprefilter: [a]\n"
      "kind_by_enclosing:\n  - match: \"Repository(\"\n    kind: decorator\n"
      "query: \"(identifier) @match\"\ntries: {semantics: tries, default: "
      "3}\n";
  CHECK_FALSE(ParseRule(InstalledRuleSchema(), "rules/java/x.yaml", text, &rule,
                        &diagnostics));
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() == "rules/java/x.yaml:7");
  CHECK(diagnostics[0].message.find(
            "kind_by_enclosing: 'Repository(' is not RE2 syntax: ") == 0);
}

TEST_CASE("a target fallback belongs to an env or property target") {
  const std::string head =
      "id: x\nlanguage: python\nlibrary: l\nproduces: call-site\n"
      "prefilter: [a]\nquery: \"(call (string) @t (string) @d) @match\"\n";
  {
    std::vector<Diagnostic> diagnostics;
    Rule rule;
    CHECK_FALSE(ParseRule(InstalledRuleSchema(), "rules/python/x.yaml",
                          head + "target:\n  kind: url\n  capture: t\n"
                                 "  fallback: {capture: d}\n",
                          &rule, &diagnostics));
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].location.ToString() == "rules/python/x.yaml:10");
    CHECK(diagnostics[0].message ==
          "target.fallback is the default of an env or property lookup: "
          "target.kind must be env or property");
  }
  std::vector<Diagnostic> diagnostics;
  Rule rule;
  REQUIRE(ParseRule(InstalledRuleSchema(), "rules/python/x.yaml",
                    head + "target: {kind: env, capture: t, fallback: "
                           "{capture: d}}\n",
                    &rule, &diagnostics));
  CHECK(diagnostics.empty());
  CHECK(rule.target_fallback.capture == "d");
}

TEST_CASE("a timeout rule has a timeout and no tries") {
  const std::string head =
      "id: x\nlanguage: go\nlibrary: net/http\nproduces: timeout\n"
      "prefilter: [Timeout]\nquery: \"(identifier) @match @t\"\n";
  {
    std::vector<Diagnostic> diagnostics;
    Rule rule;
    CHECK_FALSE(ParseRule(InstalledRuleSchema(), "rules/go/x.yaml",
                          head + "tries: {semantics: tries, default: 3}\n" +
                              "total_timeout: {capture: t}\n",
                          &rule, &diagnostics));
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].location.ToString() == "rules/go/x.yaml:7");
    CHECK(diagnostics[0].message ==
          "a timeout rule does not retry: it has no tries");
  }
  {
    std::vector<Diagnostic> diagnostics;
    Rule rule;
    CHECK_FALSE(ParseRule(InstalledRuleSchema(), "rules/go/x.yaml", head, &rule,
                          &diagnostics));
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].message ==
          "a timeout rule needs per_try_timeout or total_timeout");
  }
  std::vector<Diagnostic> diagnostics;
  Rule rule;
  REQUIRE(ParseRule(InstalledRuleSchema(), "rules/go/x.yaml",
                    head + "total_timeout: {capture: t}\n", &rule,
                    &diagnostics));
  CHECK(rule.kind == LayerKind::kClient);
  CHECK(rule.tries.fixed == 1);
}

TEST_CASE(
    "a query that does not compile is reported at its line in the rule file") {
  std::vector<Diagnostic> diagnostics;
  Rule rule;
  std::string text =
      "id: x\nlanguage: go\nlibrary: l\nkind: client\nprefilter: [a]\nquery: "
      "|\n"
      "  (call_expression)\n  (no_such_node) @match\ntries: {semantics: tries, "
      "default: 3}\n";
  REQUIRE(ParseRule(InstalledRuleSchema(), "rules/go/x.yaml", text, &rule,
                    &diagnostics));
  RuleEngine engine({rule}, &diagnostics);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() == "rules/go/x.yaml:8");
  CHECK(engine.rule_count() == 0);
}

TEST_CASE(
    "a shipped rule compiles when a file needs it, and a failure is reported "
    "by that file") {
  std::vector<Diagnostic> diagnostics;
  Rule rule;
  std::string text =
      "id: x\nlanguage: go\nlibrary: l\nkind: client\nprefilter: [retry]\n"
      "query: |\n  (no_such_node) @match\ntries: {semantics: tries, default: "
      "3}\n";
  REQUIRE(ParseRule(InstalledRuleSchema(), "rules/go/x.yaml", text, &rule,
                    &diagnostics));
  rule.compile_when_used = true;
  RuleEngine engine({rule}, &diagnostics);
  CHECK(diagnostics.empty());
  CHECK(engine.rule_count() == 1);

  FileFacts unrelated;
  engine.ExtractAlways({"main.go", "go", "package main\n"}, &unrelated);
  CHECK(unrelated.diagnostics.empty());  // its prefilter kept it out

  FileFacts needed;
  engine.ExtractAlways({"client.go", "go", "package main // retry\n"}, &needed);
  REQUIRE(needed.diagnostics.size() == 1);
  CHECK(needed.diagnostics[0].location.ToString() == "rules/go/x.yaml:7");
  CHECK(needed.diagnostics[0].message.find("rule x (go): ") == 0);
}

TEST_CASE("every shipped rule compiles for each grammar it applies to") {
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules =
      LoadRules({InstalledRulesDirectory()}, &diagnostics);
  REQUIRE(diagnostics.empty());
  REQUIRE(rules.size() > 50);
  for (Rule& rule : rules) rule.compile_when_used = true;
  RuleEngine engine(rules, &diagnostics);
  CHECK(engine.rule_count() == rules.size());
  for (const Diagnostic& problem : engine.CompileAll())
    FAIL_CHECK(problem.location.ToString() << ": " << problem.message);
}

}  // namespace
}  // namespace ampcheck
