#include "analyzer/yaml/node.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace ampcheck::yaml {
namespace {

TEST_CASE("yaml: maps, sequences and scalars with their lines") {
  Node root = Load(
      "kind: Deployment\n"
      "spec:\n"
      "  replicas: 3\n"
      "  ports:\n"
      "  - 80\n"
      "  - name: grpc\n");
  REQUIRE(root.IsMap());
  CHECK(root.size() == 2);
  CHECK(root["kind"].Scalar() == "Deployment");
  CHECK(root["kind"].Mark().line == 0);
  Node spec = root["spec"];
  CHECK(spec.IsMap());
  CHECK(spec.Mark().line == 2);  // a block map starts at its first key
  CHECK(spec["replicas"].as<int>() == 3);
  Node ports = spec["ports"];
  REQUIRE(ports.IsSequence());
  CHECK(ports.size() == 2);
  CHECK(ports[0].Scalar() == "80");
  CHECK(ports[1]["name"].Scalar() == "grpc");
  CHECK(ports[1].Mark().line == 5);
  CHECK_FALSE(ports[2].IsDefined());
}

TEST_CASE("yaml: a missing key is undefined and never throws") {
  Node root = Load("a: 1\n");
  Node missing = root["b"];
  CHECK_FALSE(missing.IsDefined());
  CHECK_FALSE(missing);
  CHECK(missing.Type() == NodeType::Undefined);
  CHECK(missing.Mark().is_null());
  CHECK_FALSE(missing["c"]["d"].IsDefined());
  CHECK_FALSE(root["a"]["x"].IsDefined());  // a scalar has no keys
  CHECK(missing.size() == 0);
  CHECK(missing.begin() == missing.end());
}

TEST_CASE("yaml: nulls as yaml-cpp reads them") {
  Node root = Load(
      "empty:\n"
      "tilde: ~\n"
      "word: null\n"
      "quoted: \"null\"\n"
      "tagged: !!str null\n");
  for (const char* key : {"empty", "tilde", "word"}) {
    CAPTURE(key);
    CHECK(root[key].IsNull());
    CHECK(root[key].IsDefined());
    CHECK(root[key].Scalar().empty());
    CHECK(root[key].as<std::string>() == "null");
  }
  CHECK(root["quoted"].IsScalar());
  CHECK(root["quoted"].Scalar() == "null");
  CHECK(root["tagged"].IsScalar());
  CHECK(Node().IsNull());
  CHECK(Node().IsDefined());
  CHECK(Load("").IsNull());
  CHECK(Load("# only a comment\n").IsNull());
}

TEST_CASE("yaml: tags: plain, non-plain and resolved") {
  Node root = Load(
      "plain: a\n"
      "quoted: 'a'\n"
      "block: |\n"
      "  text\n"
      "str: !!str 1\n"
      "custom: !Ref x\n"
      "map: {a: 1}\n");
  CHECK(root["plain"].Tag() == "?");
  CHECK(root["quoted"].Tag() == "!");
  CHECK(root["block"].Tag() == "!");
  CHECK(root["block"].Scalar() == "text\n");
  CHECK(root["block"].Mark().line == 2);  // at the "|"
  CHECK(root["str"].Tag() == "tag:yaml.org,2002:str");
  CHECK(root["custom"].Tag() == "!Ref");
  CHECK(root["map"].Tag() == "?");
}

TEST_CASE("yaml: iteration over maps and sequences") {
  Node root = Load("m: {a: 1, b: 2}\ns: [x, y]\n");
  std::vector<std::string> seen;
  for (auto it = root["m"].begin(); it != root["m"].end(); ++it)
    seen.push_back(it->first.Scalar() + "=" + it->second.Scalar());
  for (const auto& item : root["s"]) seen.push_back(item.Scalar());
  for (const auto& pair : root["m"]) seen.push_back(pair.first.Scalar());
  CHECK(seen == std::vector<std::string>{"a=1", "b=2", "x", "y", "a", "b"});
}

TEST_CASE("yaml: the first of duplicate keys is the one looked up") {
  Node root = Load("a: 1\na: 2\n");
  CHECK(root["a"].Scalar() == "1");
  CHECK(root.size() == 2);
}

TEST_CASE("yaml: a null key does not match the word null") {
  Node root = Load("~: 1\nnull: 2\n'null': 3\n");
  CHECK(root["null"].Scalar() == "3");
}

TEST_CASE("yaml: aliases share their anchor's node") {
  Node root = Load(
      "base: &b {retries: 3}\n"
      "copy: *b\n"
      "list: [&x one, *x]\n");
  CHECK(root["copy"]["retries"].Scalar() == "3");
  CHECK(root["copy"].Mark().line == 0);  // the anchor's place
  CHECK(root["list"][1].Scalar() == "one");
  // An alias inside its own anchor is a cycle, as yaml-cpp builds it.
  Node cycle = Load("&a [*a]\n");
  CHECK(cycle[0][0][0].IsSequence());
}

TEST_CASE("yaml: a tree's expanded cost counts every use of an alias") {
  // A map, its key and its value: 3 nodes, 1 level below the root; bytes
  // written flat: the key "a" (1), then "a." and "xy" (4).
  Node pair = Load("a: xy\n");
  CHECK(FitsExpanded(pair, {3, 5, 1}));
  CHECK_FALSE(FitsExpanded(pair, {2, 5, 1}));
  CHECK_FALSE(FitsExpanded(pair, {3, 4, 1}));
  CHECK_FALSE(FitsExpanded(pair, {3, 5, 0}));
  // One two-item anchor used three times: 1 + 3 keys + 3 x (1 + 2) nodes; 3
  // key bytes, then six items of "k." + "[n]" + 1 byte.
  Node aliased = Load("a: &x [1, 2]\nb: *x\nc: *x\n");
  CHECK(FitsExpanded(aliased, {13, 39, 2}));
  CHECK_FALSE(FitsExpanded(aliased, {12, 39, 2}));
  CHECK_FALSE(FitsExpanded(aliased, {13, 38, 2}));
  // A cycle never ends on its own: the depth ends it.
  CHECK_FALSE(FitsExpanded(Load("&a [*a]\n"), {1000000, 1ll << 30, 50}));
  CHECK(FitsExpanded(Node(NodeType::Undefined), {0, 0, 0}));
}

TEST_CASE("yaml: an undefined alias and a syntax error throw with a line") {
  try {
    Load("a: 1\nb: *nowhere\n");
    FAIL("no exception");
  } catch (const Exception& e) {
    CHECK(e.msg == "the referenced anchor is not defined");
    CHECK(e.mark.line == 1);
  }
  try {
    Load("a: 1\nb: [unclosed\nc: 2\n");
    FAIL("no exception");
  } catch (const Exception& e) {
    CHECK(e.msg ==
          "did not find expected ',' or ']' (while parsing a flow sequence)");
    CHECK(e.mark.line >= 1);
  }
}

TEST_CASE("yaml: only the first document of a stream is loaded") {
  Node root = Load("a: 1\n---\nb: [unclosed\n");
  CHECK(root["a"].Scalar() == "1");
}

TEST_CASE("yaml: bytes that are not UTF-8 are read as Latin-1") {
  Node root = Load("name: caf\xe9\nnext: 1\n");
  CHECK(root["name"].Scalar() == "caf\xc3\xa9");
  CHECK(root["next"].Mark().line == 1);
}

TEST_CASE("yaml: YAML 1.1 as libyaml reads it: bare CR breaks, flow colons") {
  Node root = Load("kind: A\rname: b\r");
  CHECK(root["name"].Scalar() == "b");
  CHECK(root["name"].Mark().line == 1);
  CHECK_THROWS_AS(Load("addresses: [1.2.3.4, 001:db8::]\n"), Exception);
  CHECK(Load("addresses: [1.2.3.4, '001:db8::']\n")["addresses"][1].Scalar() ==
        "001:db8::");
  CHECK(Load("a: {<<: {b: 1}}\n")["a"]["<<"]["b"].Scalar() == "1");
}

TEST_CASE("yaml: conversions as yaml-cpp makes them") {
  Node root = Load(
      "t: yes\nf: Off\nmixed: tRue\nn: 2.5\nplus: +3\ninf: .inf\n"
      "bad: 2.5x\ni: 42\nbig: 99999999999\nm: {}\n");
  CHECK(root["t"].as<bool>());
  CHECK_FALSE(root["f"].as<bool>());
  CHECK_THROWS_AS(root["mixed"].as<bool>(), Exception);
  CHECK(root["n"].as<double>() == 2.5);
  CHECK(root["plus"].as<double>() == 3);
  CHECK(root["inf"].as<double>() > 1e308);
  CHECK_THROWS_AS(root["bad"].as<double>(), Exception);
  CHECK(root["i"].as<int>() == 42);
  CHECK_THROWS_AS(root["big"].as<int>(), Exception);
  CHECK(root["big"].as<long long>() == 99999999999LL);
  CHECK_THROWS_AS(root["m"].as<std::string>(), Exception);
  CHECK(root["bad"].as<int>(7) == 7);
  CHECK(root["missing"].as<std::string>(std::string("d")) == "d");
}

TEST_CASE("yaml: a new sequence takes items from other documents") {
  Node item = Load("{name: a}");
  Node list(NodeType::Sequence);
  list.push_back(item);
  item = Node();  // the list keeps the item's document alive
  REQUIRE(list.size() == 1);
  CHECK(list[0]["name"].Scalar() == "a");
  CHECK_THROWS_AS(item.push_back(list), Exception);
  CHECK_FALSE(Node(NodeType::Undefined).IsDefined());
}

}  // namespace
}  // namespace ampcheck::yaml
