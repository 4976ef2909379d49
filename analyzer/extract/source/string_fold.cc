#include "analyzer/extract/source/string_fold.h"

#include <cctype>
#include <cstring>
#include <vector>

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

bool IsQuote(char c) { return c == '"' || c == '\'' || c == '`'; }

// Splits at `separator` outside quotes and brackets.
std::vector<std::string> SplitTopLevel(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::string current;
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      current += c;
      if (c == '\\' && i + 1 < text.size()) {
        current += text[++i];
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (IsQuote(c)) quote = c;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == separator && depth == 0) {
      parts.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  parts.push_back(current);
  return parts;
}

// The content of one string literal (Python prefixes, C# @, Go raw strings),
// or of a number; nullopt for anything else. Interpolating literals (f"{x}",
// `${x}`, $"{x}") fold only when they interpolate nothing.
std::optional<std::string> Literal(std::string_view text,
                                   bool allow_interpolation = false) {
  std::string s = Trim(text);
  while (s.size() >= 2 && s.front() == '(' && s.back() == ')')
    s = Trim(s.substr(1, s.size() - 2));
  if (!s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])))) {
    for (char c : s)
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    return s;
  }
  size_t prefix = 0;
  while (prefix < s.size() && std::strchr("fFbBrRuU@$", s[prefix])) ++prefix;
  if (s.size() < prefix + 2 || !IsQuote(s[prefix]) || s.back() != s[prefix])
    return std::nullopt;
  std::string body = s.substr(prefix + 1, s.size() - prefix - 2);
  bool interpolates =
      s.substr(0, prefix).find_first_of("fF$") != std::string::npos ||
      s[prefix] == '`';
  if (interpolates && !allow_interpolation &&
      body.find('{') != std::string::npos)
    return std::nullopt;
  // A quote of the same kind inside means this is not one literal
  // ("a" + "b" seen whole).
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\') {
      ++i;
    } else if (body[i] == s[prefix]) {
      return std::nullopt;
    }
  }
  return body;
}

// Substitutes printf verbs (%s %d %v) or braces ({} {0}) with the arguments.
std::optional<std::string> Format(const std::string& format,
                                  const std::vector<std::string>& args) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if (c == '%' && i + 1 < format.size()) {
      char verb = format[i + 1];
      if (verb == '%') {
        out += '%';
      } else if (verb == 's' || verb == 'd' || verb == 'v') {
        if (next >= args.size()) return std::nullopt;
        out += args[next++];
      } else {
        return std::nullopt;
      }
      ++i;
    } else if (c == '{') {
      size_t close = format.find('}', i);
      if (close == std::string::npos) return std::nullopt;
      std::string index = format.substr(i + 1, close - i - 1);
      long long n = static_cast<long long>(next);
      if (!index.empty() && !ParseInt(index, &n)) return std::nullopt;
      if (n < 0 || static_cast<size_t>(n) >= args.size()) return std::nullopt;
      out += args[static_cast<size_t>(n)];
      next = static_cast<size_t>(n) + 1;
      i = close;
    } else {
      out += c;
    }
  }
  return out;
}

std::optional<std::vector<std::string>> Literals(
    const std::vector<std::string>& parts) {
  std::vector<std::string> out;
  for (const std::string& part : parts) {
    auto literal = Literal(part);
    if (!literal) return std::nullopt;
    out.push_back(*literal);
  }
  return out;
}

// "<callee>(<arguments>)" with its callee and the argument text.
bool SplitCall(const std::string& text, std::string* callee,
               std::string* arguments) {
  size_t open = text.find('(');
  if (open == std::string::npos || text.back() != ')') return false;
  *callee = Trim(text.substr(0, open));
  *arguments = text.substr(open + 1, text.size() - open - 2);
  return true;
}

// True when the parentheses around `text` enclose all of it: "(a + b)", not
// "(a) + (b)".
bool Enclosed(const std::string& text) {
  return text.size() >= 2 && text.front() == '(' && text.back() == ')' &&
         SplitTopLevel(text, '+').size() == 1;
}

std::optional<std::string> Fold(std::string text, bool whole) {
  text = Trim(text);
  while (Enclosed(text)) text = Trim(text.substr(1, text.size() - 2));
  if (text.empty()) return std::nullopt;
  // Only the whole expression may be one interpolating literal.
  if (auto literal = Literal(text, whole)) return literal;
  // "a" + "b" + "c"
  if (std::vector<std::string> parts = SplitTopLevel(text, '+');
      parts.size() > 1) {
    std::string out;
    for (const std::string& part : parts) {
      auto folded = Fold(part, false);
      if (!folded) return std::nullopt;
      out += *folded;
    }
    return out;
  }
  // "http://%s:%d" % ("orders", 8080)
  if (std::vector<std::string> parts = SplitTopLevel(text, '%');
      parts.size() == 2) {
    auto format = Literal(parts[0]);
    std::string args = Trim(parts[1]);
    if (args.size() >= 2 && args.front() == '(' && args.back() == ')')
      args = args.substr(1, args.size() - 2);
    auto values = Literals(SplitTopLevel(args, ','));
    if (format && values) return Format(*format, *values);
    return std::nullopt;
  }
  std::string callee, arguments;
  if (!SplitCall(text, &callee, &arguments)) return std::nullopt;
  // "http://{}:{}".format("orders", 8080)
  if (EndsWith(callee, ".format") && !StartsWith(callee, "String.")) {
    auto format = Literal(callee.substr(0, callee.size() - 7));
    auto values = Literals(SplitTopLevel(arguments, ','));
    if (format && values) return Format(*format, *values);
    return std::nullopt;
  }
  // String.format / fmt.Sprintf / string.Format / String.Format
  if (callee == "String.format" || callee == "fmt.Sprintf" ||
      callee == "string.Format" || callee == "String.Format" ||
      callee == "String.format") {
    std::vector<std::string> parts = SplitTopLevel(arguments, ',');
    auto values = Literals(parts);
    if (!values || values->empty()) return std::nullopt;
    std::string format = values->front();
    values->erase(values->begin());
    return Format(format, *values);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> FoldStringExpression(std::string_view expression) {
  return Fold(std::string(expression), true);
}

}  // namespace ampcheck
