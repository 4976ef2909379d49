#include "analyzer/base/duration.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace ampcheck {

std::optional<Millis> ParseDuration(std::string_view text) {
  if (text.empty()) return std::nullopt;
  double total_ms = 0;
  size_t i = 0;
  bool any = false;
  while (i < text.size()) {
    size_t start = i;
    while (i < text.size() &&
           ((text[i] >= '0' && text[i] <= '9') || text[i] == '.')) {
      ++i;
    }
    if (i == start) return std::nullopt;
    std::string number(text.substr(start, i - start));
    // Digits with at most one dot and at least one digit ("1s." and ".s"
    // are not durations); more digits than a duration under 1e15 ms needs
    // are refused before conversion.
    if (number.find('.') != number.rfind('.') ||
        number.find_first_of("0123456789") == std::string::npos ||
        number.size() > 40) {
      return std::nullopt;
    }
    double value = std::strtod(number.c_str(), nullptr);
    size_t unit_start = i;
    while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])))
      ++i;
    std::string_view unit = text.substr(unit_start, i - unit_start);
    double scale;
    if (unit == "ns")
      scale = 1e-6;
    else if (unit == "us" || unit == "µs")
      scale = 1e-3;
    else if (unit == "ms")
      scale = 1;
    else if (unit == "s")
      scale = 1000;
    else if (unit == "m")
      scale = 60000;
    else if (unit == "h")
      scale = 3600000;
    else
      return std::nullopt;
    total_ms += value * scale;
    any = true;
    if (total_ms > 1e15) return std::nullopt;
  }
  if (!any) return std::nullopt;
  return static_cast<Millis>(std::llround(total_ms));
}

std::string FormatDuration(Millis ms) {
  if (ms == 0) return "0s";
  if (ms % 3600000 == 0) return std::to_string(ms / 3600000) + "h";
  if (ms % 60000 == 0 && ms >= 60000) return std::to_string(ms / 60000) + "m";
  if (ms < 1000) return std::to_string(ms) + "ms";
  std::string fraction =
      std::to_string(1000 + ms % 1000).substr(1);  // 3 digits
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  return std::to_string(ms / 1000) + (fraction.empty() ? "" : "." + fraction) +
         "s";
}

}  // namespace ampcheck
