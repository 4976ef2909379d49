#include "analyzer/extract/inline_suppressions.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

FileFacts Read(const std::string& file, const std::string& content) {
  FileFacts facts;
  ReadInlineSuppressions(file, content, &facts);
  return facts;
}

std::string Describe(const InlineSuppressionFact& s) {
  return s.check + " '" + s.reason + "' " + s.at.ToString() + " -> " +
         s.target.ToString();
}

TEST_CASE("ampcheck:ignore in each language's comments") {
  struct Case {
    const char* file;
    const char* content;
  } cases[] = {
      {"client.go",
       "package main\n// ampcheck:ignore retry-amplification owned by SRE\n"
       "c.RetryMax = 5\n"},
      {"Client.java",
       "class A {\n  /* ampcheck:ignore retry-amplification owned by SRE */\n"
       "  x();\n}\n"},
      {"client.py",
       "import x\n# ampcheck:ignore retry-amplification owned by SRE\nx()\n"},
      {"routes.yaml",
       "spec:\n  # ampcheck:ignore retry-amplification owned by SRE\n"
       "  attempts: 3\n"},
      {"Client.kt",
       "fun a() {\n  // ampcheck:ignore retry-amplification owned by SRE\n"
       "  b()\n}\n"},
      {"client.ts",
       "/**\n * ampcheck:ignore retry-amplification owned by SRE\n */\nf();\n"},
      {"App.csproj",
       "<a>\n<!-- ampcheck:ignore retry-amplification owned by SRE "
       "-->\n<b/>\n"},
  };
  for (const Case& c : cases) {
    FileFacts facts = Read(c.file, c.content);
    INFO(c.file);
    REQUIRE(facts.inline_suppressions.size() == 1);
    CHECK(facts.diagnostics.empty());
    int target = std::string(c.file) == "client.ts" ? 4 : 3;
    CHECK(Describe(facts.inline_suppressions[0]) ==
          "retry-amplification 'owned by SRE' " + std::string(c.file) +
              ":2 -> " + c.file + ":" + std::to_string(target));
  }
}

TEST_CASE("ampcheck:ignore after code applies to its own line") {
  FileFacts facts = Read("client.cs",
                         "var p = new Policy(); // ampcheck:ignore "
                         "missing-timeout the gateway times out\nnext();\n");
  REQUIRE(facts.inline_suppressions.size() == 1);
  CHECK(Describe(facts.inline_suppressions[0]) ==
        "missing-timeout 'the gateway times out' client.cs:1 -> client.cs:1");
}

TEST_CASE("ampcheck:ignore above skips blank and comment lines") {
  FileFacts facts = Read("a.yaml",
                         "# ampcheck:ignore retry-cycle drained nightly\n\n"
                         "# more about it\nretries: 3\n");
  REQUIRE(facts.inline_suppressions.size() == 1);
  CHECK(facts.inline_suppressions[0].target.ToString() == "a.yaml:4");
}

TEST_CASE("ampcheck:ignore without a reason or check suppresses nothing") {
  FileFacts facts = Read("client.go",
                         "// ampcheck:ignore retry-amplification\nx()\n"
                         "// ampcheck:ignore\ny()\n"
                         "s := \"ampcheck:ignore retry-cycle in a string\"\n"
                         "// ampcheck:ignored is another word\n");
  CHECK(facts.inline_suppressions.empty());
  REQUIRE(facts.diagnostics.size() == 2);
  CHECK(facts.diagnostics[0].location.ToString() == "client.go:1");
  CHECK(facts.diagnostics[0].message ==
        "ampcheck:ignore retry-amplification needs a reason (ampcheck:ignore "
        "retry-amplification <reason>); it suppresses nothing");
  CHECK(facts.diagnostics[0].severity == Severity::kWarning);
  CHECK(facts.diagnostics[1].location.ToString() == "client.go:3");
  CHECK(facts.diagnostics[1].message ==
        "ampcheck:ignore needs a check id and a reason (ampcheck:ignore "
        "<check-id> <reason>); it suppresses nothing");
}

}  // namespace
}  // namespace ampcheck
