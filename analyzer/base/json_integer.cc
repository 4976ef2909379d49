#include "analyzer/base/json_integer.h"

#include <fmt/format.h>

#include "analyzer/base/json_dump.h"

namespace ampcheck {

std::optional<long long> JsonInteger(const nlohmann::json& json, long long min,
                                     long long max, std::string* error) {
  bool in_range = false;
  long long value = 0;
  if (json.is_number_unsigned()) {
    auto u = json.get<unsigned long long>();
    in_range = u <= static_cast<unsigned long long>(max);
    value = in_range ? static_cast<long long>(u) : 0;
    in_range = in_range && value >= min;
  } else if (json.is_number_integer()) {
    value = json.get<long long>();
    in_range = value >= min && value <= max;
  }
  if (in_range) return value;
  std::string shown = DumpJson(json);
  if (shown.size() > 40) shown = shown.substr(0, 40) + "...";
  *error =
      fmt::format("expected an integer from {} to {}, got {}", min, max, shown);
  return std::nullopt;
}

}  // namespace ampcheck
