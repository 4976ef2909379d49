#include "analyzer/analyze/arithmetic.h"

#include <doctest/doctest.h>

#include <limits>

namespace ampcheck {
namespace {

TEST_CASE("saturation latency: pool / rate, by Little's law") {
  // Seed 004: 100 threads serving 500 rps saturate at 200ms of downstream
  // latency.
  CHECK(SaturationLatency(100, 500) == 200);
  CHECK(SaturationLatency(20, 1000) == 20);  // a database pool of 20
  CHECK(SaturationLatency(1, 3) == 333);
}

TEST_CASE("worst-case hold time: tries x per-try timeout + back-off") {
  Layer mesh;
  mesh.kind = LayerKind::kMesh;
  mesh.tries = Tries::Of(3);
  mesh.per_try_timeout = 100;
  mesh.backoff.base = 25;
  mesh.backoff.cap = 250;
  // 3 x 100ms + 25ms + 50ms between the tries.
  CHECK(WorstCaseHoldTime({mesh}, 0) == 375);
  Layer client_timeout;
  client_timeout.total_timeout = 200;
  CHECK(WorstCaseHoldTime({client_timeout, mesh}, 0) == 200);
  Layer no_timeout;
  no_timeout.tries = Tries::Of(3);
  CHECK(WorstCaseHoldTime({no_timeout}, 0) == std::nullopt);
}

TEST_CASE("back-off: the multiplier and the randomisation spread") {
  Backoff doubling{100, 1000, false, std::nullopt, std::nullopt};
  CHECK(BackoffTotal(doubling, 3) == 100 + 200 + 400);
  CHECK(BackoffTotal(doubling, 5) == 100 + 200 + 400 + 800 + 1000);
  // cenkalti/backoff's ExponentialBackOff: 500ms x 1.5, each wait up to 1.5
  // times its interval; two retries wait at most 750ms + 1125ms.
  Backoff cenkalti{500, 60000, true, 1.5, 0.5};
  CHECK(BackoffTotal(cenkalti, 2) == 1875);
  // The cap applies to the interval, the spread after it.
  Backoff capped{500, 600, true, 1.5, 0.5};
  CHECK(BackoffTotal(capped, 3) == 750 + 900 + 900);
}

TEST_CASE("worst-case hold time saturates instead of overflowing") {
  constexpr Millis kForever = std::numeric_limits<Millis>::max();
  Layer huge;
  huge.tries = Tries::Of(1'000'000'000'000);     // counted as 1,000,000
  huge.per_try_timeout = 1'000'000'000'000'000;  // 1e15 ms, the largest read
  huge.backoff.base = 1'000'000'000'000'000;
  huge.backoff.cap = kForever;
  CHECK(WorstCaseHoldTime({huge}, 0) == kForever);
  // Saturated inner hold times stay saturated outside, and a deadline still
  // caps them.
  Layer outer;
  outer.tries = Tries::Of(3);
  CHECK(WorstCaseHoldTime({outer, huge}, 0) == kForever);
  outer.total_timeout = 30000;
  CHECK(WorstCaseHoldTime({outer, huge}, 0) == 30000);
  CHECK(BackoffTotal(huge.backoff, 999) == kForever);
}

}  // namespace
}  // namespace ampcheck
