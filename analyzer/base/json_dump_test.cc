#include "analyzer/base/json_dump.h"

#include <doctest/doctest.h>

#include <sstream>

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

}  // namespace ampcheck
