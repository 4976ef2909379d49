#include "analyzer/base/json_text.h"

#include <doctest/doctest.h>

#include <functional>
#include <random>
#include <stdexcept>

#include "analyzer/base/json_dump.h"

namespace ampcheck {
namespace {

using nlohmann::json;

// Writes `value` through JsonText, member by member.
void Write(const json& value, JsonText* text) {
  switch (value.type()) {
    case json::value_t::object:
      text->BeginObject();
      for (const auto& [key, member] : value.items()) {
        text->Key(key);
        Write(member, text);
      }
      text->EndObject();
      break;
    case json::value_t::array:
      text->BeginArray();
      for (const json& element : value) Write(element, text);
      text->EndArray();
      break;
    case json::value_t::string:
      text->String(value.get_ref<const std::string&>());
      break;
    case json::value_t::number_integer:
      text->Integer(value.get<long long>());
      break;
    case json::value_t::number_unsigned:
      text->Unsigned(value.get<unsigned long long>());
      break;
    case json::value_t::boolean:
      text->Bool(value.get<bool>());
      break;
    default:
      text->Value(value);
  }
}

// nlohmann's own text for `value` starting at column `indent`.
std::string Dumped(const json& value, unsigned int indent) {
  std::string text;
  nlohmann::detail::serializer<json> serializer(
      nlohmann::detail::output_adapter<char>(text), ' ',
      json::error_handler_t::replace);
  serializer.dump(value, true, false, 2, indent);
  return text;
}

std::string Written(const json& value, unsigned int indent) {
  std::string text;
  JsonText writer(&text, 2, indent);
  Write(value, &writer);
  return text;
}

TEST_CASE("json text: byte for byte what nlohmann prints") {
  const json report = {
      {"calls",
       {{{"arithmetic", "a->b(3: Istio default)"},
         {"bound_by", json::array()},
         {"bounded_tries", 1.2},
         {"evidence", json::array()},
         {"layers", {{{"kind", "mesh"}, {"tries", 3}, {"jitter", false}}}},
         {"to", "b"},
         {"tries", "unbounded"}}}},
      {"empty", json::object()},
      {"null", nullptr},
      {"quoted", "say \"hi\"\\ \t\n\x01 caf\xc3\xa9"},
      {"latin1", std::string("caf\xe9")},
      {"negative", -7},
      {"big", 18446744073709551615ULL}};
  for (unsigned int indent : {0u, 4u}) {
    CAPTURE(indent);
    CHECK(Written(report, indent) == Dumped(report, indent));
  }
  CHECK(Written(json::array(), 0) == "[]");
  CHECK(Written(json::object(), 0) == "{}");
  CHECK(Written(report, 0) == DumpJson(report, 2));
}

TEST_CASE("json text: random trees print as nlohmann prints them") {
  std::mt19937 random(20261206);
  std::function<json(int)> tree = [&](int depth) -> json {
    switch (random() % (depth > 3 ? 5 : 7)) {
      case 0:
        return static_cast<long long>(random()) - (1LL << 31);
      case 1:
        return static_cast<unsigned long long>(random()) << 20;
      case 2:
        return static_cast<double>(random() % 100000) / 7.0;
      case 3: {
        std::string s;
        for (unsigned n = random() % 12; n > 0; --n)
          s.push_back(static_cast<char>(random() % 256));
        return s;
      }
      case 4:
        return random() % 2 == 0;
      case 5: {
        json object = json::object();
        for (unsigned n = random() % 5; n > 0; --n)
          object["k" + std::to_string(random() % 20)] = tree(depth + 1);
        return object;
      }
      default: {
        json array = json::array();
        for (unsigned n = random() % 5; n > 0; --n)
          array.push_back(tree(depth + 1));
        return array;
      }
    }
  };
  for (int i = 0; i < 500; ++i) {
    const json value = tree(0);
    CAPTURE(i);
    REQUIRE(Written(value, 4) == Dumped(value, 4));
  }
}

TEST_CASE("json text: keys out of order and values without keys throw") {
  std::string text;
  JsonText writer(&text, 2, 0);
  writer.BeginObject();
  writer.Key("b");
  writer.Integer(1);
  CHECK_THROWS_AS(writer.Key("a"), std::logic_error);
  CHECK_THROWS_AS(writer.Integer(2), std::logic_error);
}

}  // namespace
}  // namespace ampcheck
