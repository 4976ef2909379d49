#include "analyzer/extract/source/grammars.h"

#include <doctest/doctest.h>
#include <tree_sitter/api.h>

#include <map>
#include <string>

namespace ampcheck {
namespace {

const std::map<std::string, std::string>& Snippets() {
  static const std::map<std::string, std::string> snippets = {
      {"go",
       "package main\nfunc main() { c := retryablehttp.NewClient(); c.RetryMax "
       "= 5 }\n"},
      {"java", "class A { void f() { new Retryer.Default(100, 1000, 5); } }\n"},
      {"kotlin",
       "fun main() { val c = HttpClient { install(HttpRequestRetry) } }\n"},
      {"python", "@retry(stop=stop_after_attempt(5))\ndef f():\n    pass\n"},
      {"javascript", "await pRetry(run, { retries: 5 });\n"},
      {"typescript",
       "const n: number = 3;\naxiosRetry(axios, { retries: n });\n"},
      {"tsx", "const A = () => <div>{pRetry(run, { retries: 2 })}</div>;\n"},
      {"csharp",
       "class A { void F() { Policy.Handle<E>().RetryAsync(3); } }\n"},
  };
  return snippets;
}

TEST_CASE(
    "every grammar loads with ABI 14 and parses a snippet without errors") {
  for (const std::string& name : GrammarNames()) {
    CAPTURE(name);
    const TSLanguage* language = GrammarFor(name);
#ifdef AMPCHECK_HAVE_GRAMMARS
    REQUIRE(language != nullptr);
    CHECK(ts_language_version(language) == 14);
    TSParser* parser = ts_parser_new();
    REQUIRE(ts_parser_set_language(parser, language));
    const std::string& code = Snippets().at(name);
    TSTree* tree =
        ts_parser_parse_string(parser, nullptr, code.data(), code.size());
    REQUIRE(tree != nullptr);
    CHECK_FALSE(ts_node_has_error(ts_tree_root_node(tree)));
    ts_tree_delete(tree);
    ts_parser_delete(parser);
#else
    CHECK(language == nullptr);
#endif
  }
}

}  // namespace
}  // namespace ampcheck
