#include "analyzer/extract/source/call_method.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// RFC 9110 section 9.2.2: GET, HEAD, OPTIONS, TRACE, PUT and DELETE are
// idempotent; POST, PATCH and CONNECT are not.
bool Idempotent(const std::string& method) {
  return method != "POST" && method != "PATCH" && method != "CONNECT";
}

std::string Worst(const std::set<std::string>& methods) {
  for (const std::string& m : methods)
    if (!Idempotent(m)) return m;
  return methods.empty() ? "" : *methods.begin();
}

const RE2& Pattern(const char* text) {
  // Compiled once per pattern; the patterns below are constants.
  static std::mutex mutex;
  static std::map<const char*, std::unique_ptr<const RE2>> compiled;
  std::lock_guard<std::mutex> lock(mutex);
  auto& re = compiled[text];
  if (!re) {
    std::string error;
    re = CompileRegex(text, &error);
  }
  return *re;
}

void Collect(const char* pattern, std::string_view text,
             std::set<std::string>* methods) {
  for (const RegexMatch& m : RegexFindAll(Pattern(pattern), text))
    methods->insert(ToUpper(m.groups[1]));
}

std::set<std::string> MethodsNamedIn(std::string_view text) {
  std::set<std::string> methods;
  // Explicit methods: Go, .NET and Spring constants, a method option or
  // argument.
  Collect(R"(\bhttp\.Method(Get|Head|Post|Put|Patch|Delete|Options)\b)", text,
          &methods);
  Collect(
      R"(\b(?:HttpMethod|RequestMethod|Method)\.(?i)(get|head|post|put|patch|delete|options)\b)",
      text, &methods);
  Collect(
      R"((?i)\bmethod\s*[:=]\s*["'](get|head|post|put|patch|delete|options)["'])",
      text, &methods);
  Collect(
      R"(\b(?:NewRequest(?:WithContext)?|request|Request)\s*\(\s*(?:ctx\s*,\s*)?["'](?i)(get|head|post|put|patch|delete|options)["'])",
      text, &methods);
  // Calls named after their verb: .PostAsync(, requests.post(, .POST(,
  // axios.patch<T>(, .postForObject(, http.PostForm(.
  Collect(
      R"([.:](?i)(get|head|post|put|patch|delete|options)(?-i)(?:Async|AsJsonAsync|ForObject|ForEntity|ForLocation|Form)?\s*[(<])",
      text, &methods);
  return methods;
}

}  // namespace

std::string MethodNamedIn(std::string_view text) {
  return Worst(MethodsNamedIn(text));
}

std::string DeclaredClientMethod(std::string_view text) {
  std::set<std::string> methods;
  Collect(R"(@RequestLine\(\s*"(?i)(get|head|post|put|patch|delete|options)\b)",
          text, &methods);
  Collect(R"(@(Get|Head|Post|Put|Patch|Delete)Mapping\b)", text, &methods);
  Collect(R"(@(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b)", text, &methods);
  Collect(R"(\bRequestMethod\.(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b)",
          text, &methods);
  return Worst(methods);
}

bool SendsIdempotencyKey(std::string_view text) {
  const std::string lower = ToLower(text);
  for (const char* key : {"idempotency-key", "idempotency_key",
                          "idempotencykey", "x-requestid", "x-idempotency"}) {
    if (lower.find(key) != std::string::npos) return true;
  }
  return false;
}

void AnnotateCallMethods(std::string_view content, size_t first,
                         std::vector<CallSiteFact>* sites) {
  if (first >= sites->size()) return;
  std::vector<size_t> line_start = {0};
  for (size_t i = 0; i < content.size(); ++i)
    if (content[i] == '\n') line_start.push_back(i + 1);
  auto lines = [&](int from, int to) -> std::string_view {
    if (from < 1 || to < from || static_cast<size_t>(from) > line_start.size())
      return {};
    size_t begin = line_start[from - 1];
    size_t end = static_cast<size_t>(to) < line_start.size() ? line_start[to]
                                                             : content.size();
    return content.substr(begin, end - begin);
  };
  std::optional<std::string> declared;  // read once per file, when asked
  for (size_t i = first; i < sites->size(); ++i) {
    CallSiteFact& site = (*sites)[i];
    if (site.target.kind == TargetKind::kNone) continue;
    const SourceScope& scope = site.scope;
    std::string_view statement =
        scope.statement_first_line > 0
            ? lines(scope.statement_first_line, scope.statement_last_line)
            : lines(site.location.line, site.location.line);
    std::string_view function = scope.first_line > 0
                                    ? lines(scope.first_line, scope.last_line)
                                    : statement;
    site.method = MethodNamedIn(statement);
    site.idempotency_key = SendsIdempotencyKey(function);
    if (site.method.empty() && scope.first_line > 0) {
      // A URL built in one statement and sent in the next: the function's
      // method, when it names exactly one.
      std::set<std::string> named = MethodsNamedIn(function);
      if (named.size() == 1) site.method = *named.begin();
    }
    bool declarative = site.detail.find("feign") != std::string::npos ||
                       site.detail.find("rest-client") != std::string::npos ||
                       statement.find(".target(") != std::string_view::npos;
    if (site.method.empty() && declarative) {
      if (!declared) declared = DeclaredClientMethod(content);
      site.method = *declared;
      if (!site.idempotency_key)
        site.idempotency_key = SendsIdempotencyKey(content);
    }
  }
}

}  // namespace ampcheck
