// Durations as written in Kubernetes, Istio and application config.
#ifndef AMPCHECK_BASE_DURATION_H_
#define AMPCHECK_BASE_DURATION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ampcheck {

using Millis = int64_t;

// Parses Go/protobuf style durations: "250ms", "1.5s", "1m30s", "2h", "0s".
// Units: ns, us, ms, s, m, h. Returns nullopt for anything else, including
// negative values and bare numbers.
std::optional<Millis> ParseDuration(std::string_view text);

// "250ms", "1.5s", "2m", "1h30m": the shortest exact spelling.
std::string FormatDuration(Millis ms);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_DURATION_H_
