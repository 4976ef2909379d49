#include "analyzer/base/json_integer.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("JSON integers are range-checked, never cast") {
  std::string error;
  CHECK(JsonInteger(nlohmann::json(7), 0, 10, &error) == 7);
  CHECK(JsonInteger(nlohmann::json(-3), -5, 10, &error) == -3);
  CHECK_FALSE(JsonInteger(nlohmann::json(1e10), 0, 2147483647, &error));
  CHECK(error == "expected an integer from 0 to 2147483647, got 10000000000.0");
  CHECK_FALSE(JsonInteger(nlohmann::json(""), 0, 10, &error));
  CHECK(error == "expected an integer from 0 to 10, got \"\"");
  CHECK_FALSE(
      JsonInteger(nlohmann::json(18446744073709551615ULL), 0, 10, &error));
  CHECK(error == "expected an integer from 0 to 10, got 18446744073709551615");
  CHECK_FALSE(JsonInteger(nlohmann::json(-1), 0, 10, &error));
  CHECK(error == "expected an integer from 0 to 10, got -1");
}

}  // namespace ampcheck
