#include "analyzer/base/regex.h"

namespace ampcheck {
namespace {

std::optional<RegexGroups> MatchAt(const RE2& re, std::string_view text,
                                   size_t start, RE2::Anchor anchor,
                                   size_t* position) {
  int count = 1 + re.NumberOfCapturingGroups();
  std::vector<re2::StringPiece> pieces(count);
  re2::StringPiece input(text.data(), text.size());
  if (!re.Match(input, start, text.size(), anchor, pieces.data(), count))
    return std::nullopt;
  RegexGroups groups;
  for (const re2::StringPiece& piece : pieces)
    groups.emplace_back(piece.data() ? std::string(piece.data(), piece.size())
                                     : std::string());
  if (position) *position = pieces[0].data() - text.data();
  return groups;
}

}  // namespace

std::unique_ptr<const RE2> CompileRegex(const std::string& pattern,
                                        std::string* error) {
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_unique<const RE2>(pattern, options);
  if (!re->ok()) {
    *error = re->error();
    return nullptr;
  }
  return re;
}

std::optional<RegexGroups> RegexSearch(const RE2& re, std::string_view text) {
  return MatchAt(re, text, 0, RE2::UNANCHORED, nullptr);
}

std::optional<RegexGroups> RegexFullMatch(const RE2& re,
                                          std::string_view text) {
  return MatchAt(re, text, 0, RE2::ANCHOR_BOTH, nullptr);
}

std::vector<RegexMatch> RegexFindAll(const RE2& re, std::string_view text) {
  std::vector<RegexMatch> out;
  size_t start = 0;
  while (start <= text.size()) {
    RegexMatch match;
    std::optional<RegexGroups> groups =
        MatchAt(re, text, start, RE2::UNANCHORED, &match.position);
    if (!groups) break;
    match.groups = std::move(*groups);
    size_t end = match.position + match.groups[0].size();
    start = end > match.position ? end : end + 1;  // an empty match moves on
    out.push_back(std::move(match));
  }
  return out;
}

}  // namespace ampcheck
