// The domain formulas of the analysis, one function each, with their source.
#ifndef AMPCHECK_ANALYZE_ARITHMETIC_H_
#define AMPCHECK_ANALYZE_ARITHMETIC_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/base/layer.h"

namespace ampcheck {

// A retry budget of p% caps active retries at p% of active requests (Envoy
// circuit_breakers.retry_budget), so a hop's load grows by at most 1 + p/100.
double BudgetBound(double percent);

// A deadline fits at most floor(deadline / per-try timeout) tries, never
// fewer than 1 (the first try always starts).
uint64_t DeadlineBound(Millis deadline, Millis per_try_timeout);

// The longest total wait before retries 1..r: the sum of each wait's upper
// bound min(cap, base * m^(n-1)) * (1 + spread), the multiplier m 2 unless
// set (gRPC's backoffMultiplier, cenkalti/backoff's 1.5) and the spread the
// randomisation around the interval (cenkalti's RandomizationFactor 0.5:
// exponential.go NextBackOff randomises the capped interval); a fixed delay
// has cap == base. Unknown back-off counts as 0.
Millis BackoffTotal(const Backoff& backoff, uint64_t retries);

// The factor a layer contributes after its bounds, and what bounds it.
struct BoundedFactor {
  double factor = 1;
  std::string bound_by;  // "" when the raw tries stand
};
BoundedFactor BoundLayer(const Layer& layer);

// The longest a stack of layers (outermost first, from index `first`) can
// hold its caller: tries x (per-try timeout, or the hold time of the layers
// inside) + back-off, at every nesting; a layer's total timeout caps it.
// nullopt when some layer waits without any timeout.
std::optional<Millis> WorstCaseHoldTime(const std::vector<Layer>& layers,
                                        size_t first);

// The downstream latency at which a caller's pool runs out: by Little's law
// (L = lambda x W) a pool of `pool` threads serving `rate` requests per
// second is fully held once each call waits pool / rate seconds (seed 004:
// 100 threads / 500 rps = 200ms).
Millis SaturationLatency(uint64_t pool, uint64_t rate);

// How a hold time is reached, for messages: "3 x 500ms + backoff 75ms".
std::string HoldTimeArithmetic(const Layer& layer, Millis inner);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_ARITHMETIC_H_
