#include "analyzer/extract/source/query.h"

#include <doctest/doctest.h>

#include "analyzer/extract/source/grammars.h"

namespace ampcheck {
namespace {

std::string CompileError(const std::string& text) {
  std::string error;
  auto query = Query::Compile(GrammarFor("go"), text, &error);
  CHECK(query == nullptr);
  return error;
}

// Every kind of error tree-sitter reports, each a message naming its line;
// the sanitizer run (detect_leaks=1) proves none leaks what it allocated.
TEST_CASE("query: each compile error kind is a message with its line") {
  CHECK(CompileError("(call_expression") ==
        "line 1: syntax error in query near ''");
  CHECK(CompileError("(call_expression)\n(nosuch)") ==
        "line 2: unknown node type in query near 'nosuch)'");
  CHECK(CompileError("(call_expression nofield: (identifier))") ==
        "line 1: unknown field in query near 'nofield: (identifier))'");
  CHECK(CompileError("(identifier) @x (#eq? @y \"a\")") ==
        "line 1: unknown capture in query near 'y \"a\")'");
  CHECK(CompileError("(identifier (identifier))") ==
        "line 1: impossible pattern structure in query near '(identifier))'");
  // After a pattern with a predicate compiled: what it allocated is freed.
  CHECK(CompileError("((identifier) @a (#eq? @a \"x\"))\n[(identifier) "
                     "(nosuch)]") ==
        "line 2: unknown node type in query near 'nosuch)]'");
  std::string error;
  CHECK(Query::Compile(GrammarFor("go"), "((identifier) @a (#eq? @a))",
                       &error) == nullptr);
  CHECK(error ==
        "pattern 1: a predicate needs an operator, a capture and a value");
}

}  // namespace
}  // namespace ampcheck
