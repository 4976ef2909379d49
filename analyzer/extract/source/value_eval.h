// Numbers and durations as written in source: literals and the simple
// constant expressions libraries are configured with (`5 * time.Second`,
// `Duration.ofMillis(500)`, `TimeSpan.FromSeconds(2)`, `"2s"`, `1000L`).
#ifndef AMPCHECK_EXTRACT_SOURCE_VALUE_EVAL_H_
#define AMPCHECK_EXTRACT_SOURCE_VALUE_EVAL_H_

#include <optional>
#include <string_view>

#include "analyzer/base/duration.h"

namespace ampcheck {

struct CountValue {
  long long count = 0;
  bool unbounded = false;  // Infinity, int.MaxValue, math.MaxInt, float('inf')
};

// An integer count: `5`, `5L`, `1_000`, `"5"`, `2 + 1`, `3 * 2`, or an
// "infinite" constant. Nullopt when it is not a constant.
std::optional<CountValue> EvalCount(std::string_view text);

// A duration. Bare numbers are in `bare_unit_ms` milliseconds (1 for Java
// and JS APIs taking ms, 1000 for Python seconds). Nullopt when not constant.
std::optional<Millis> EvalDuration(std::string_view text, double bare_unit_ms);

// The environment variable a value reads, possibly converted:
// os.Getenv("X"), strconv.Atoi(os.Getenv("X")), System.getenv("X"),
// os.environ["X"], os.getenv("X", "3"), process.env.X, process.env["X"],
// Environment.GetEnvironmentVariable("X"). Nullopt when it reads none.
std::optional<std::string> EnvLookupName(std::string_view text);

// A Spring property placeholder "${retry.max-attempts:3}" in a value: the key
// ("retry.max-attempts") and the default after ':' ("3", or "" when none).
struct PropertyReference {
  std::string key;
  std::string fallback;
};
std::optional<PropertyReference> PropertyPlaceholder(std::string_view text);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_VALUE_EVAL_H_
