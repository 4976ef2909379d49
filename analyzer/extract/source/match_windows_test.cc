#include "analyzer/extract/source/match_windows.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "analyzer/discover/discover.h"
#include "analyzer/facts/facts_json.h"
#include "analyzer/extract/source/grammars.h"
#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/rule_loader.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

TEST_CASE("anchored queries know their words and root types") {
  std::string error;
  auto query = Query::Compile(
      GrammarFor("go"),
      "(call_expression function: (selector_expression field: "
      "(field_identifier) @fn) (#match? @fn \"^(Getenv|LookupEnv)$\")) @m\n"
      "(call_expression function: (identifier) @f (#eq? @f \"Do\")) @m",
      &error);
  REQUIRE(query);
  REQUIRE(query->anchors());
  CHECK(query->anchors()->words ==
        std::vector<std::string>{"Getenv", "LookupEnv", "Do"});
  CHECK(query->anchors()->root_types ==
        std::set<std::string>{"call_expression"});
  // A pattern with no literal to look for runs over the whole file.
  auto open = Query::Compile(
      GrammarFor("go"),
      "(call_expression function: (identifier) @f (#match? @f \"^Re.*$\")) @m",
      &error);
  REQUIRE(open);
  CHECK_FALSE(open->anchors());
}

TEST_CASE("windows find what whole-file queries find, on every rule fixture") {
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules =
      LoadRules({std::string(AMPCHECK_SOURCE_DIR) + "/rules"}, &diagnostics);
  RuleEngine windowed(rules, &diagnostics);
  RuleEngine whole(rules, &diagnostics);
  whole.set_whole_file(true);
  int compared = 0, with_facts = 0;
  for (const char* dir : {"/fixtures/rules", "/fixtures/fleets"}) {
    for (const auto& entry : fs::recursive_directory_iterator(
             std::string(AMPCHECK_SOURCE_DIR) + dir)) {
      std::string language = ClassifyFile(entry.path().filename().string());
      if (!entry.is_regular_file() || language.empty()) continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      std::string content = text.str();
      SourceFile file{entry.path().string(), language, content};
      if (!GrammarFor(GrammarOfFile(file))) continue;
      FileFacts a, b;
      windowed.ExtractAlways(file, &a);
      whole.ExtractAlways(file, &b);
      INFO(file.path);
      CHECK(FileFactsToJson(a).dump() == FileFactsToJson(b).dump());
      ++compared;
      with_facts += !b.layers.empty() || !b.call_sites.empty();
    }
  }
  MESSAGE(compared, " files, ", with_facts, " with facts");
  CHECK(compared >= 70);
  CHECK(with_facts >= 60);
}

}  // namespace
}  // namespace ampcheck
