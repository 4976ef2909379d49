#include "analyzer/base/json_dump.h"

#include <doctest/doctest.h>

#include <sstream>
#include <stdexcept>

namespace ampcheck {

TEST_CASE("JSON text replaces invalid UTF-8 with U+FFFD instead of throwing") {
  nlohmann::json json = {{"file", "caf\xe9.yaml"}, {"ok", "caf\xc3\xa9"}};
  CHECK(DumpJson(json) ==
        "{\"file\":\"caf\xef\xbf\xbd.yaml\",\"ok\":\"caf\xc3\xa9\"}");
  CHECK(DumpJson(nlohmann::json::array({1}), 2) == "[\n  1\n]");
}

TEST_CASE("JSON written to a stream is the text DumpJson returns") {
  nlohmann::json json = {{"file", "caf\xe9.yaml"}, {"n", {1, 2}}};
  for (int indent : {-1, 0, 2}) {
    std::ostringstream out;
    WriteJson(out, json, indent);
    CHECK(out.str() == DumpJson(json, indent));
  }
}

TEST_CASE("an object written member by member is the text of the whole") {
  nlohmann::json items = nlohmann::json::array();
  items.push_back({{"b", {1, 2}}, {"a", nlohmann::json::object()}});
  items.push_back("caf\xe9");
  nlohmann::json whole = {{"empty", nlohmann::json::array()},
                          {"items", items},
                          {"name", "x"},
                          {"nested", {{"k", {{"deeper", {true, nullptr}}}}}}};
  for (int indent : {0, 2, 4}) {
    std::ostringstream out;
    {
      JsonObjectWriter writer(out, indent);
      writer.ArrayMember("empty", 0, [](size_t) { return nlohmann::json(); });
      writer.ArrayMember("items", items.size(),
                         [&](size_t i) { return items[i]; });
      writer.Member("name", "x");
      writer.Member("nested", whole["nested"]);
    }
    CHECK(out.str() == DumpJson(whole, indent));
  }
  nlohmann::json many = nlohmann::json::array();
  for (int i = 0; i < 1500; ++i) many.push_back({{"i", i}, {"s", "caf\xe9"}});
  for (int threads : {1, 2, 3}) {
    std::ostringstream out;
    {
      JsonObjectWriter writer(out, 2, threads);
      writer.ArrayMember("many", many.size(),
                         [&](size_t i) { return many[i]; });
    }
    CHECK(out.str() == DumpJson({{"many", many}}, 2));
  }
  std::ostringstream empty;
  JsonObjectWriter(empty, 2).Close();
  CHECK(empty.str() == "{}");
}

TEST_CASE("elements of megabytes are written whole, in order, on any thread") {
  // Elements 3 and 700 are megabytes of text each (a cause listing every
  // path of a fleet), printed while the other thread prints small ones.
  auto element_size = [](size_t i) -> int {
    return i == 3 || i == 700 ? 120000 : static_cast<int>(i % 3);
  };
  nlohmann::json many = nlohmann::json::array();
  for (size_t i = 0; i < 1000; ++i) {
    nlohmann::json entries = nlohmann::json::array();
    for (int k = 0; k < element_size(i); ++k)
      entries.push_back({{"k", k}, {"path", {"svc-a", "svc-b"}}});
    many.push_back({{"entries", entries}, {"i", i}});
  }
  const std::string expected = DumpJson({{"many", many}}, 2);
  REQUIRE(expected.size() > 2 * (size_t{1} << 20));
  for (int threads : {1, 2, 3}) {
    CAPTURE(threads);
    std::ostringstream out;
    {
      JsonObjectWriter writer(out, 2, threads);
      writer.ArrayMember("many", many.size(), [&](size_t i, JsonText* text) {
        text->BeginObject();
        text->Key("entries");
        text->BeginArray();
        for (int k = 0; k < element_size(i); ++k) {
          text->BeginObject();
          text->Key("k");
          text->Integer(k);
          text->Key("path");
          text->Strings({"svc-a", "svc-b"});
          text->EndObject();
        }
        text->EndArray();
        text->Key("i");
        text->Unsigned(i);
        text->EndObject();
      });
    }
    CHECK(out.str() == expected);
  }
}

TEST_CASE(
    "an element that fails stops the array at its window, on any "
    "thread") {
  for (int threads : {1, 2, 3}) {
    CAPTURE(threads);
    std::ostringstream out;
    JsonObjectWriter writer(out, 2, threads);
    CHECK_THROWS_WITH(
        writer.ArrayMember("many", 5000,
                           [](size_t i) {
                             if (i == 1000)
                               throw std::runtime_error("element 1000");
                             return nlohmann::json(i);
                           }),
        "element 1000");
    // The windows before the failing one are written whole, none after.
    const size_t window = 256 * static_cast<size_t>(threads);
    const size_t written = 1000 / window * window;
    CHECK(out.str().ends_with(",\n    " + std::to_string(written - 1)));
  }
}

TEST_CASE("an object writer refuses a key out of nlohmann's order") {
  std::ostringstream out;
  JsonObjectWriter writer(out, 2);
  writer.Member("summary", 1);
  CHECK_THROWS_WITH(writer.Member("paths", 2),
                    "JSON member \"paths\" after \"summary\"");
  CHECK_THROWS_WITH(writer.Member("summary", 2),
                    "JSON member \"summary\" after \"summary\"");
}

}  // namespace ampcheck
