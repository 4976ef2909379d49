#include "analyzer/extract/source/value_eval.h"

#include <cmath>
#include <map>
#include <string>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

std::string Unquote(std::string_view text) {
  std::string s = Trim(text);
  while (s.size() >= 2 && s.front() == '(' && s.back() == ')')
    s = Trim(s.substr(1, s.size() - 2));
  if (s.size() >= 2 &&
      (s.front() == '"' || s.front() == '\'' || s.front() == '`') &&
      s.back() == s.front()) {
    s = s.substr(1, s.size() - 2);
  }
  return s;
}

// A plain number: 5, 5L, 1_000, 0.5, 1e3, 500.0f, 2d.
std::optional<double> ParseNumber(std::string s) {
  std::string digits;
  for (char c : s) {
    if (c != '_') digits += c;
  }
  while (!digits.empty() &&
         std::string("lLfFdDmMuU").find(digits.back()) != std::string::npos) {
    digits.pop_back();
  }
  if (digits.empty()) return std::nullopt;
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(digits, &used);
  } catch (...) {
    return std::nullopt;
  }
  if (used != digits.size() || std::isnan(value)) return std::nullopt;
  return value;
}

bool IsInfinite(const std::string& s) {
  static const char* kInfinite[] = {
      "Infinity",          "Number.POSITIVE_INFINITY",
      "int.MaxValue",      "Int32.MaxValue",
      "Integer.MAX_VALUE", "Int.MAX_VALUE",
      "Long.MAX_VALUE",    "math.MaxInt",
      "math.MaxInt32",     "math.MaxInt64",
      "float('inf')",      "float(\"inf\")",
      "math.inf",          "sys.maxsize"};
  for (const char* word : kInfinite) {
    if (s == word) return true;
  }
  return false;
}

// Splits on a top-level binary operator (outside parentheses).
bool SplitTop(const std::string& s, char op, std::string* left,
              std::string* right) {
  int depth = 0;
  for (size_t i = s.size(); i-- > 1;) {
    char c = s[i];
    if (c == ')') ++depth;
    if (c == '(') --depth;
    if (depth == 0 && c == op) {
      *left = s.substr(0, i);
      *right = s.substr(i + 1);
      return !Trim(*left).empty();
    }
  }
  return false;
}

std::optional<double> EvalArithmetic(
    const std::string& text,
    std::optional<double> (*leaf)(const std::string&, double), double unit) {
  std::string s = Unquote(text);
  std::string left, right;
  for (char op : {'+', '-', '*', '/'}) {
    if (!SplitTop(s, op, &left, &right)) continue;
    auto a = EvalArithmetic(left, leaf, unit);
    auto b = EvalArithmetic(right, leaf, unit);
    if (!a || !b) return std::nullopt;
    switch (op) {
      case '+':
        return *a + *b;
      case '-':
        return *a - *b;
      case '*':
        return *a * *b;
      default:
        return *b == 0 ? std::nullopt : std::optional<double>(*a / *b);
    }
  }
  return leaf(s, unit);
}

std::optional<double> CountLeaf(const std::string& s, double) {
  return ParseNumber(s);
}

// Unit constants and calls, in milliseconds.
std::optional<double> DurationLeaf(const std::string& s, double bare_unit_ms) {
  static const std::map<std::string, double> kConstants = {
      {"time.Nanosecond", 1e-6}, {"time.Microsecond", 1e-3},
      {"time.Millisecond", 1},   {"time.Second", 1000},
      {"time.Minute", 60000},    {"time.Hour", 3600000},
  };
  if (auto it = kConstants.find(s); it != kConstants.end()) return it->second;
  if (auto n = ParseNumber(s)) return *n * bare_unit_ms;
  if (auto d = ParseDuration(s)) return static_cast<double>(*d);
  // Calls: Duration.ofMillis(500), TimeSpan.FromSeconds(2), time.Duration(5),
  // timedelta(seconds=2), 2.seconds (Kotlin), Duration.parse("PT2S").
  static const std::map<std::string, double> kCalls = {
      {"ofMillis", 1},        {"ofSeconds", 1000},     {"ofMinutes", 60000},
      {"ofNanos", 1e-6},      {"FromMilliseconds", 1}, {"FromSeconds", 1000},
      {"FromMinutes", 60000}, {"FromHours", 3600000},  {"milliseconds", 1},
      {"seconds", 1000},      {"minutes", 60000},      {"timedelta", 1000},
      {"TimeSpan", 1}};
  size_t open = s.find('(');
  if (open != std::string::npos && s.back() == ')') {
    std::string name = Trim(s.substr(0, open));
    std::string arg = s.substr(open + 1, s.size() - open - 2);
    if (name == "time.Duration") {
      auto n = ParseNumber(Trim(arg));
      // A conversion, almost always multiplied by a unit constant.
      return n;
    }
    if (name == "timedelta" || EndsWith(name, ".timedelta")) {
      size_t eq = arg.find('=');
      std::string unit =
          eq == std::string::npos ? "days" : Trim(arg.substr(0, eq));
      auto n =
          ParseNumber(Trim(eq == std::string::npos ? arg : arg.substr(eq + 1)));
      static const std::map<std::string, double> kUnits = {{"milliseconds", 1},
                                                           {"seconds", 1000},
                                                           {"minutes", 60000},
                                                           {"hours", 3600000}};
      auto u = kUnits.find(unit);
      if (!n || u == kUnits.end()) return std::nullopt;
      return *n * u->second;
    }
    size_t dot = name.rfind('.');
    std::string method = dot == std::string::npos ? name : name.substr(dot + 1);
    if (auto it = kCalls.find(method); it != kCalls.end()) {
      auto n = ParseNumber(Trim(arg));
      if (!n) return std::nullopt;
      return *n * it->second;
    }
    return std::nullopt;
  }
  // Kotlin: 2.seconds, 500.milliseconds
  size_t dot = s.rfind('.');
  if (dot != std::string::npos) {
    auto n = ParseNumber(s.substr(0, dot));
    auto unit = kCalls.find(s.substr(dot + 1));
    if (n && unit != kCalls.end()) return *n * unit->second;
  }
  return std::nullopt;
}

}  // namespace

std::optional<CountValue> EvalCount(std::string_view text) {
  std::string s = Unquote(text);
  if (IsInfinite(s)) return CountValue{0, true};
  auto value = EvalArithmetic(s, CountLeaf, 1);
  if (!value || *value != std::floor(*value) || std::abs(*value) > 9e15)
    return std::nullopt;
  return CountValue{static_cast<long long>(*value), false};
}

// A count and a java.util.concurrent.TimeUnit, as OkHttp and others take
// them: "(1500, TimeUnit.MILLISECONDS)" or "5, SECONDS". Nullopt for anything
// else.
std::optional<double> CountWithTimeUnit(std::string text) {
  static const std::map<std::string, double> kUnits = {
      {"NANOSECONDS", 1e-6}, {"MICROSECONDS", 1e-3}, {"MILLISECONDS", 1},
      {"SECONDS", 1000},     {"MINUTES", 60000},     {"HOURS", 3600000},
      {"DAYS", 86400000}};
  text = Trim(text);
  if (text.size() >= 2 && text.front() == '(' && text.back() == ')')
    text = text.substr(1, text.size() - 2);
  size_t comma = text.rfind(',');
  if (comma == std::string::npos) return std::nullopt;
  std::string unit = Trim(text.substr(comma + 1));
  if (StartsWith(unit, "TimeUnit.")) unit = unit.substr(9);
  auto it = kUnits.find(unit);
  if (it == kUnits.end()) return std::nullopt;
  auto count = EvalArithmetic(Trim(text.substr(0, comma)), CountLeaf, 1);
  if (!count) return std::nullopt;
  return *count * it->second;
}

std::optional<Millis> EvalDuration(std::string_view text, double bare_unit_ms) {
  std::optional<double> value = CountWithTimeUnit(std::string(text));
  if (!value)
    value = EvalArithmetic(std::string(text), DurationLeaf, bare_unit_ms);
  if (!value || *value < 0) return std::nullopt;
  return static_cast<Millis>(std::llround(*value));
}

std::optional<std::string> EnvLookupName(std::string_view text) {
  static const RE2 kLookup(
      R"((?:os\.Getenv|os\.LookupEnv|System\.getenv|os\.getenv|os\.environ\.get|GetEnvironmentVariable)\s*\(\s*["']([A-Za-z_][A-Za-z0-9_]*)["']|os\.environ\s*\[\s*["']([A-Za-z_][A-Za-z0-9_]*)["']|process\.env\.([A-Za-z_][A-Za-z0-9_]*)|process\.env\s*\[\s*["'`]([A-Za-z_][A-Za-z0-9_]*)["'`])");
  std::optional<RegexGroups> m = RegexSearch(kLookup, text);
  if (!m) return std::nullopt;
  for (size_t i = 1; i < m->size(); ++i) {
    if (!(*m)[i].empty()) return (*m)[i];
  }
  return std::nullopt;
}

std::optional<PropertyReference> PropertyPlaceholder(std::string_view text) {
  static const RE2 kPlaceholder(R"(\$\{([^}:]+)(?::([^}]*))?\})");
  std::optional<RegexGroups> m = RegexSearch(kPlaceholder, text);
  if (!m) return std::nullopt;
  return PropertyReference{Trim((*m)[1]), Trim((*m)[2])};
}

}  // namespace ampcheck
