#include "analyzer/analyze/arithmetic.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// Hold times saturate at the largest Millis instead of wrapping: a
// thousand tries of an absurd timeout stay "longer than anything" and keep
// their order against a deadline.
constexpr Millis kForever = std::numeric_limits<Millis>::max();

Millis SaturatingAdd(Millis a, Millis b) {
  Millis sum;
  if (__builtin_add_overflow(a, b, &sum))
    return b > 0 ? kForever : std::numeric_limits<Millis>::min();
  return sum;
}

Millis SaturatingMultiply(Millis a, Millis b) {
  Millis product;
  if (__builtin_mul_overflow(a, b, &product))
    return (a < 0) == (b < 0) ? kForever : std::numeric_limits<Millis>::min();
  return product;
}

}  // namespace

double BudgetBound(double percent) { return 1.0 + percent / 100.0; }

uint64_t DeadlineBound(Millis deadline, Millis per_try_timeout) {
  if (per_try_timeout <= 0) return 1;
  return std::max<uint64_t>(1,
                            static_cast<uint64_t>(deadline / per_try_timeout));
}

Millis BackoffTotal(const Backoff& backoff, uint64_t retries) {
  if (!backoff.base || retries == 0) return 0;
  Millis base = *backoff.base;
  Millis cap = backoff.cap.value_or(base);
  double multiplier = std::max(1.0, backoff.multiplier.value_or(2.0));
  double spread = std::max(0.0, backoff.spread.value_or(0.0));
  constexpr double kForever =
      static_cast<double>(std::numeric_limits<Millis>::max());
  Millis total = 0;
  double wait = static_cast<double>(base);
  for (uint64_t n = 1; n <= retries && n <= 1000; ++n) {
    double longest = std::min(static_cast<double>(cap), wait) * (1 + spread);
    total =
        SaturatingAdd(total, longest >= kForever
                                 ? std::numeric_limits<Millis>::max()
                                 : static_cast<Millis>(std::llround(longest)));
    if (wait < static_cast<double>(cap)) wait *= multiplier;
  }
  return total;
}

BoundedFactor BoundLayer(const Layer& layer) {
  BoundedFactor out;
  if (layer.tries.unbounded()) {
    out.factor = INFINITY;
  } else {
    out.factor = static_cast<double>(layer.tries.count());
  }
  // Envoy ignores a per-try timeout >= the route timeout, so no deadline bound.
  if (layer.total_timeout && layer.per_try_timeout &&
      *layer.per_try_timeout < *layer.total_timeout) {
    double deadline = static_cast<double>(
        DeadlineBound(*layer.total_timeout, *layer.per_try_timeout));
    if (deadline < out.factor) {
      out.factor = deadline;
      out.bound_by = "deadline " + FormatDuration(*layer.total_timeout) +
                     " / " + FormatDuration(*layer.per_try_timeout) +
                     " per try";
    }
  }
  if (layer.budget_percent && layer.retries()) {
    double budget = BudgetBound(*layer.budget_percent);
    if (budget < out.factor) {
      out.factor = budget;
      out.bound_by = "budget " + FormatFactor(*layer.budget_percent) + "%";
      if (layer.budget_location.known())
        out.bound_by += " (" + layer.budget_location.ToString() + ")";
    }
  }
  return out;
}

std::optional<Millis> WorstCaseHoldTime(const std::vector<Layer>& layers,
                                        size_t first) {
  if (first >= layers.size()) return std::nullopt;
  const Layer& layer = layers[first];
  std::optional<Millis> per_try = layer.per_try_timeout;
  if (per_try && layer.total_timeout && *per_try >= *layer.total_timeout)
    per_try.reset();
  if (!per_try) {
    std::optional<Millis> inner = WorstCaseHoldTime(layers, first + 1);
    per_try = inner ? inner : layer.total_timeout;
  }
  if (!per_try || layer.tries.unbounded()) return layer.total_timeout;
  uint64_t tries = std::min<uint64_t>(layer.tries.count(), 1000000);
  Millis hold =
      SaturatingAdd(SaturatingMultiply(static_cast<Millis>(tries), *per_try),
                    BackoffTotal(layer.backoff, tries - 1));
  if (layer.total_timeout) hold = std::min(hold, *layer.total_timeout);
  return hold;
}

Millis SaturationLatency(uint64_t pool, uint64_t rate) {
  return static_cast<Millis>(1000.0 * static_cast<double>(pool) /
                             static_cast<double>(rate));
}

std::string HoldTimeArithmetic(const Layer& layer, Millis inner) {
  std::string text = layer.tries.ToString() + " x " + FormatDuration(inner);
  if (!layer.tries.unbounded()) {
    Millis backoff = BackoffTotal(layer.backoff, layer.tries.count() - 1);
    if (backoff > 0) text += " + backoff " + FormatDuration(backoff);
  }
  return text;
}

}  // namespace ampcheck
