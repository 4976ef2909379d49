#include "analyzer/report/text_wrap.h"

#include <vector>

namespace ampcheck {
namespace {

// Continuations never start further right than this, so that a deeply
// indented line on a narrow terminal still has room for words.
constexpr size_t kMaxContinuationIndent = 12;

void WrapLine(std::string_view line, size_t width, std::string* out) {
  size_t indent = 0;
  while (indent < line.size() && line[indent] == ' ') ++indent;
  if (DisplayWidth(line) <= width) {
    out->append(line);
    return;
  }
  std::string continuation(
      std::min(indent + 2, std::max(indent, kMaxContinuationIndent)), ' ');
  std::vector<std::string_view> words;
  size_t start = indent;
  while (start < line.size()) {
    size_t end = line.find(' ', start);
    if (end == std::string_view::npos) end = line.size();
    if (end > start) words.push_back(line.substr(start, end - start));
    start = end + 1;
  }
  out->append(line.substr(0, indent));
  size_t column = indent;
  bool line_empty = true;
  for (std::string_view word : words) {
    size_t w = DisplayWidth(word);
    if (!line_empty && column + 1 + w > width) {
      out->append("\n").append(continuation);
      column = continuation.size();
      line_empty = true;
    }
    if (!line_empty) {
      out->push_back(' ');
      ++column;
    }
    out->append(word);
    column += w;
    line_empty = false;
  }
}

}  // namespace

size_t DisplayWidth(std::string_view text) {
  size_t width = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b && i + 1 < text.size() && text[i + 1] == '[') {
      // CSI: parameters and intermediates up to a final byte in @..~.
      i += 2;
      while (i < text.size() && (text[i] < '@' || text[i] > '~')) ++i;
      continue;
    }
    if ((c & 0xC0) != 0x80) ++width;  // not a UTF-8 continuation byte
  }
  return width;
}

std::string WrapLines(std::string_view text, size_t width) {
  if (width == 0) return std::string(text);
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      WrapLine(text.substr(start), width, &out);
      break;
    }
    WrapLine(text.substr(start, end - start), width, &out);
    out.push_back('\n');
    start = end + 1;
  }
  return out;
}

}  // namespace ampcheck
