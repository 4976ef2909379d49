// Small string helpers shared by the stages.
#ifndef AMPCHECK_BASE_STRINGS_H_
#define AMPCHECK_BASE_STRINGS_H_

#include <string>
#include <string_view>
#include <vector>

namespace ampcheck {

std::string ToLower(std::string_view text);
std::string ToUpper(std::string_view text);
std::string Trim(std::string_view text);
std::vector<std::string> Split(std::string_view text, char separator);
std::string Join(const std::vector<std::string>& parts,
                 std::string_view separator);
bool StartsWith(std::string_view text, std::string_view prefix);
bool EndsWith(std::string_view text, std::string_view suffix);
// Parses a whole decimal integer (optional sign); false on anything else.
bool ParseInt(std::string_view text, long long* value);
// Formats a factor without trailing zeros: 1.2, 3, 0.5.
std::string FormatFactor(double value);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_STRINGS_H_
