#include "analyzer/report/html_escape.h"

namespace ampcheck {

std::string HtmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string ScriptSafeJson(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  // Outside strings JSON has no <, so this only rewrites string contents.
  for (char c : json)
    out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out;
}

}  // namespace ampcheck
