#include "analyzer/base/duration.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("durations parse in Go and protobuf spellings") {
  CHECK(ParseDuration("250ms") == 250);
  CHECK(ParseDuration("1.5s") == 1500);
  CHECK(ParseDuration("1m30s") == 90000);
  CHECK(ParseDuration("2h") == 7200000);
  CHECK(ParseDuration("0s") == 0);
  CHECK(ParseDuration("500us") == 1);
  CHECK_FALSE(ParseDuration("").has_value());
  CHECK_FALSE(ParseDuration("10").has_value());
  CHECK_FALSE(ParseDuration("-1s").has_value());
  CHECK_FALSE(ParseDuration("1.2.3s").has_value());
  CHECK_FALSE(ParseDuration("fast").has_value());
  CHECK_FALSE(ParseDuration("5d").has_value());
}

TEST_CASE("a malformed duration is refused, never thrown") {
  CHECK_FALSE(ParseDuration("1s.").has_value());
  CHECK_FALSE(ParseDuration(".s").has_value());
  CHECK_FALSE(ParseDuration(".").has_value());
  CHECK_FALSE(ParseDuration(std::string(400, '9') + "s").has_value());
  CHECK_FALSE(ParseDuration("1" + std::string(20, '0') + "h").has_value());
  CHECK(ParseDuration(".5s") == 500);
  CHECK(ParseDuration("5.s") == 5000);
}

TEST_CASE("durations format in their shortest exact spelling") {
  CHECK(FormatDuration(250) == "250ms");
  CHECK(FormatDuration(1500) == "1.5s");
  CHECK(FormatDuration(90000) == "90s");
  CHECK(FormatDuration(120000) == "2m");
  CHECK(FormatDuration(0) == "0s");
  CHECK(FormatDuration(18025) == "18.025s");
  CHECK(FormatDuration(6300) == "6.3s");
}

}  // namespace ampcheck
