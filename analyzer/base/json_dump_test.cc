#include "analyzer/base/json_dump.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("JSON text replaces invalid UTF-8 with U+FFFD instead of throwing") {
  nlohmann::json json = {{"file", "caf\xe9.yaml"}, {"ok", "caf\xc3\xa9"}};
  CHECK(DumpJson(json) ==
        "{\"file\":\"caf\xef\xbf\xbd.yaml\",\"ok\":\"caf\xc3\xa9\"}");
  CHECK(DumpJson(nlohmann::json::array({1}), 2) == "[\n  1\n]");
}

}  // namespace ampcheck
