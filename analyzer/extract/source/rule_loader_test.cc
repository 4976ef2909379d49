#include "analyzer/extract/source/rule_loader.h"

#include <doctest/doctest.h>

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

}  // namespace
}  // namespace ampcheck
