// Regular expressions through RE2, whose matching time is linear in the input
// and uses no recursion: std::regex backtracks recursively and overflows the
// stack on long inputs (a 100 KB pom.xml, a 60 KB identifier).
#ifndef AMPCHECK_BASE_REGEX_H_
#define AMPCHECK_BASE_REGEX_H_

#include <re2/re2.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ampcheck {

// The texts of a match: [0] the whole match, [i] group i ("" when the group
// did not take part).
using RegexGroups = std::vector<std::string>;

// Compiles `pattern` (RE2 syntax); null with *error (RE2's reason, e.g.
// "invalid perl operator: (?=") when it does not compile.
std::unique_ptr<const RE2> CompileRegex(const std::string& pattern,
                                        std::string* error);

// The first match of `re` anywhere in `text`.
std::optional<RegexGroups> RegexSearch(const RE2& re, std::string_view text);
// A match of `re` spanning all of `text`.
std::optional<RegexGroups> RegexFullMatch(const RE2& re, std::string_view text);

struct RegexMatch {
  size_t position = 0;  // byte offset of the whole match in the text
  RegexGroups groups;
};
// Every non-overlapping match, left to right.
std::vector<RegexMatch> RegexFindAll(const RE2& re, std::string_view text);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_REGEX_H_
