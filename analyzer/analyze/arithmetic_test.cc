#include "analyzer/analyze/arithmetic.h"

#include <doctest/doctest.h>

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

}  // namespace
}  // namespace ampcheck
