#include "analyzer/extract/source/ancestors.h"

#include <doctest/doctest.h>

#include <string>

#include "analyzer/extract/source/grammars.h"

namespace ampcheck {
namespace {

struct Parsed {
  TSParser* parser = ts_parser_new();
  TSTree* tree = nullptr;
  explicit Parsed(const std::string& source) {
    ts_parser_set_language(parser, GrammarFor("go"));
    tree = ts_parser_parse_string(parser, nullptr, source.data(),
                                  static_cast<uint32_t>(source.size()));
  }
  ~Parsed() {
    ts_tree_delete(tree);
    ts_parser_delete(parser);
  }
};

std::string Nested(int depth) {
  std::string source = "package main\nvar x = ";
  for (int i = 0; i < depth; ++i) source += "f(";
  source += "\"deep\"";
  source += std::string(depth, ')') + "\n";
  return source;
}

TSNode Literal(TSNode root, const std::string& source) {
  uint32_t at = static_cast<uint32_t>(source.find("\"deep\""));
  return ts_node_descendant_for_byte_range(root, at + 1, at + 2);
}

TEST_CASE("ancestors: the same chain as climbing parent by parent") {
  if (!GrammarFor("go")) return;
  std::string source = Nested(40);
  Parsed parsed(source);
  TSNode node = Literal(ts_tree_root_node(parsed.tree), source);
  std::vector<TSNode> chain = Ancestors(node);
  std::vector<TSNode> climbed;
  for (TSNode n = node; !ts_node_is_null(n); n = ts_node_parent(n))
    climbed.push_back(n);
  REQUIRE(chain.size() == climbed.size());
  for (size_t i = 0; i < chain.size(); ++i)
    CHECK(ts_node_eq(chain[i], climbed[i]));
  CHECK(std::string(ts_node_type(chain.back())) == "source_file");
}

TEST_CASE("ancestors: 100,000 levels in one walk") {
  if (!GrammarFor("go")) return;
  std::string source = Nested(100000);
  Parsed parsed(source);
  TSNode node = Literal(ts_tree_root_node(parsed.tree), source);
  std::vector<TSNode> chain = Ancestors(node);
  // Every f( is a call_expression and an argument_list around the literal.
  CHECK(chain.size() > 200000);
  CHECK(ts_node_eq(chain.front(), node));
}

}  // namespace
}  // namespace ampcheck
