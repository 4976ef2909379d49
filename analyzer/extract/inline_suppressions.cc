#include "analyzer/extract/inline_suppressions.h"

#include <string>
#include <vector>

namespace ampcheck {
namespace {

constexpr std::string_view kMarker = "ampcheck:ignore";

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view TrimView(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  return text;
}

// The comment opener that `before` (the line up to the marker) ends with, and
// where it starts; npos when the marker is not in a comment.
size_t CommentStart(std::string_view before) {
  std::string_view trimmed = before;
  while (!trimmed.empty() && IsSpace(trimmed.back())) trimmed.remove_suffix(1);
  for (std::string_view opener : {"<!--", "//", "/*", "#"}) {
    if (trimmed.size() >= opener.size() &&
        trimmed.substr(trimmed.size() - opener.size()) == opener)
      return trimmed.size() - opener.size();
  }
  // " * ampcheck:ignore ..." inside a block comment.
  if (TrimView(trimmed) == "*") return trimmed.find('*');
  return std::string_view::npos;
}

bool IsCommentLine(std::string_view line) {
  std::string_view text = TrimView(line);
  for (std::string_view opener : {"//", "#", "/*", "*", "<!--"}) {
    if (text.substr(0, opener.size()) == opener) return true;
  }
  return false;
}

}  // namespace

void ReadInlineSuppressions(const std::string& file, std::string_view content,
                            FileFacts* facts) {
  if (content.find(kMarker) == std::string_view::npos) return;
  std::vector<std::string_view> lines;
  for (size_t start = 0; start <= content.size();) {
    size_t end = content.find('\n', start);
    if (end == std::string_view::npos) end = content.size();
    lines.push_back(content.substr(start, end - start));
    start = end + 1;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    size_t marker = line.find(kMarker);
    if (marker == std::string_view::npos) continue;
    size_t opener = CommentStart(line.substr(0, marker));
    if (opener == std::string_view::npos) continue;  // in code or a string
    std::string_view rest = line.substr(marker + kMarker.size());
    if (!rest.empty() && !IsSpace(rest.front())) continue;  // ampcheck:ignored
    rest = TrimView(rest);
    for (std::string_view closer : {"*/", "-->"}) {
      if (rest.size() >= closer.size() &&
          rest.substr(rest.size() - closer.size()) == closer)
        rest = TrimView(rest.substr(0, rest.size() - closer.size()));
    }
    size_t space = rest.find_first_of(" \t");
    std::string check(rest.substr(0, space));
    std::string reason(
        space == std::string_view::npos ? "" : TrimView(rest.substr(space)));
    Location at{file, static_cast<int>(i) + 1};
    if (check.empty() || reason.empty()) {
      facts->diagnostics.push_back(
          {at,
           check.empty()
               ? "ampcheck:ignore needs a check id and a reason "
                 "(ampcheck:ignore <check-id> <reason>); it suppresses nothing"
               : "ampcheck:ignore " + check +
                     " needs a reason (ampcheck:ignore " + check +
                     " <reason>); it suppresses nothing",
           Severity::kWarning});
      continue;
    }
    // Code before the comment: that line. A comment of its own: the code
    // below it, past further comment lines.
    size_t target = i;
    if (TrimView(line.substr(0, opener)).empty()) {
      for (size_t j = i + 1; j < lines.size(); ++j) {
        if (TrimView(lines[j]).empty() || IsCommentLine(lines[j])) continue;
        target = j;
        break;
      }
    }
    facts->inline_suppressions.push_back(
        {check, reason, at, {file, static_cast<int>(target) + 1}});
  }
}

}  // namespace ampcheck
