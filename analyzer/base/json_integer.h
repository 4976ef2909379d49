// Integers read from machine-written JSON (baselines, facts files), checked:
// nlohmann's get<int>() of 1e10 or of a float is a cast with undefined
// behaviour, and of a string an exception.
#ifndef AMPCHECK_BASE_JSON_INTEGER_H_
#define AMPCHECK_BASE_JSON_INTEGER_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ampcheck {

// The value when `json` is an integer (no fraction, no exponent form that
// parsed as a float) from `min` to `max`; otherwise nullopt and *error
// ("expected an integer from 0 to 2147483647, got \"\"").
std::optional<long long> JsonInteger(const nlohmann::json& json, long long min,
                                     long long max, std::string* error);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_JSON_INTEGER_H_
