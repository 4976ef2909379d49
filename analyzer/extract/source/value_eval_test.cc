#include "analyzer/extract/source/value_eval.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("counts: literals, suffixes, arithmetic and infinite constants") {
  CHECK(EvalCount("5")->count == 5);
  CHECK(EvalCount("3L")->count == 3);
  CHECK(EvalCount("1_000")->count == 1000);
  CHECK(EvalCount("\"4\"")->count == 4);
  CHECK(EvalCount("2 + 1")->count == 3);
  CHECK(EvalCount("(3 * 2)")->count == 6);
  CHECK(EvalCount("-1")->count == -1);
  CHECK(EvalCount("Infinity")->unbounded);
  CHECK(EvalCount("int.MaxValue")->unbounded);
  CHECK(EvalCount("float('inf')")->unbounded);
  CHECK_FALSE(EvalCount("maxRetries").has_value());
  CHECK_FALSE(EvalCount("0.5").has_value());
}

TEST_CASE("durations: per-language forms") {
  CHECK(EvalDuration("5 * time.Second", 1) == 5000);
  CHECK(EvalDuration("500*time.Millisecond", 1) == 500);
  CHECK(EvalDuration("time.Duration(2) * time.Second", 1) == 2000);
  CHECK(EvalDuration("Duration.ofMillis(500)", 1) == 500);
  CHECK(EvalDuration("Duration.ofSeconds(2)", 1) == 2000);
  CHECK(EvalDuration("TimeSpan.FromSeconds(2)", 1) == 2000);
  CHECK(EvalDuration("TimeSpan.FromMilliseconds(250)", 1) == 250);
  CHECK(EvalDuration("1000L", 1) == 1000);
  CHECK(EvalDuration("0.5", 1000) == 500);
  CHECK(EvalDuration("\"2s\"", 1) == 2000);
  CHECK(EvalDuration("timedelta(seconds=3)", 1) == 3000);
  CHECK(EvalDuration("2.seconds", 1) == 2000);
  CHECK(EvalDuration("(1500, TimeUnit.MILLISECONDS)", 1000) == 1500);
  CHECK(EvalDuration("5, SECONDS", 1) == 5000);
  CHECK(EvalDuration("(2, TimeUnit.MINUTES)", 1) == 120000);
  CHECK_FALSE(EvalDuration("(5, unit)", 1).has_value());
  CHECK_FALSE(EvalDuration("cfg.Timeout", 1).has_value());
}

TEST_CASE("a source duration that is only dots or too many digits is none") {
  // What a rule's capture may hold: no exception, no value.
  CHECK_FALSE(EvalDuration("\"1s.\"", 1).has_value());
  CHECK_FALSE(EvalDuration("\".s\"", 1).has_value());
  CHECK_FALSE(EvalDuration("time.ParseDuration(\"1s.\")", 1).has_value());
  CHECK_FALSE(EvalDuration("\"" + std::string(400, '9') + "s\"", 1));
}

}  // namespace
}  // namespace ampcheck
