#include "analyzer/extract/source/call_method.h"

#include <optional>
#include <set>

#include "analyzer/base/http_methods.h"
#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

std::string Worst(const std::set<std::string>& methods) {
  for (const std::string& m : methods)
    if (!IdempotentMethod(m)) return m;
  return methods.empty() ? "" : *methods.begin();
}

// Each pattern below is a function-local static RE2: compiled once, on first
// use, without a lock on the extraction path.
void Collect(const RE2& pattern, std::string_view text,
             std::set<std::string>* methods) {
  for (const RegexMatch& m : RegexFindAll(pattern, text))
    methods->insert(ToUpper(m.groups[1]));
}

std::set<std::string> MethodsNamedIn(std::string_view text) {
  std::set<std::string> methods;
  // Explicit methods: Go, .NET and Spring constants, a method option or
  // argument.
  static const RE2 kGoMethodConstant(
      R"(\bhttp\.Method(Get|Head|Post|Put|Patch|Delete|Options)\b)");
  Collect(kGoMethodConstant, text, &methods);
  static const RE2 kMethodEnum(
      R"(\b(?:HttpMethod|RequestMethod|Method)\.(?i)(get|head|post|put|patch|delete|options)\b)");
  Collect(kMethodEnum, text, &methods);
  static const RE2 kMethodOption(
      R"((?i)\bmethod\s*[:=]\s*["'](get|head|post|put|patch|delete|options)["'])");
  Collect(kMethodOption, text, &methods);
  static const RE2 kRequestArgument(
      R"(\b(?:NewRequest(?:WithContext)?|request|Request)\s*\(\s*(?:ctx\s*,\s*)?["'](?i)(get|head|post|put|patch|delete|options)["'])");
  Collect(kRequestArgument, text, &methods);
  // Calls named after their verb: .PostAsync(, requests.post(, .POST(,
  // axios.patch<T>(, .postForObject(, http.PostForm(.
  static const RE2 kVerbNamedCall(
      R"([.:](?i)(get|head|post|put|patch|delete|options)(?-i)(?:Async|AsJsonAsync|ForObject|ForEntity|ForLocation|Form)?\s*[(<])");
  Collect(kVerbNamedCall, text, &methods);
  return methods;
}

// A call site a gRPC rule found: its detail names the rule
// ("grpc-go (go-grpc-target-call-site)").
bool IsGrpcCallSite(const CallSiteFact& site) {
  return ToLower(site.detail).find("grpc") != std::string::npos;
}

}  // namespace

std::string MethodNamedIn(std::string_view text) {
  return Worst(MethodsNamedIn(text));
}

std::string DeclaredClientMethod(std::string_view text) {
  std::set<std::string> methods;
  static const RE2 kFeignRequestLine(
      R"(@RequestLine\(\s*"(?i)(get|head|post|put|patch|delete|options)\b)");
  Collect(kFeignRequestLine, text, &methods);
  static const RE2 kSpringMapping(
      R"(@(Get|Head|Post|Put|Patch|Delete)Mapping\b)");
  Collect(kSpringMapping, text, &methods);
  static const RE2 kJaxRsAnnotation(
      R"(@(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b)");
  Collect(kJaxRsAnnotation, text, &methods);
  static const RE2 kRequestMethodEnum(
      R"(\bRequestMethod\.(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b)");
  Collect(kRequestMethodEnum, text, &methods);
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

void AnnotateCallMethods(const LineIndex& lines, size_t first,
                         std::vector<CallSiteFact>* sites) {
  if (first >= sites->size()) return;
  std::optional<std::string> declared;  // read once per file, when asked
  for (size_t i = first; i < sites->size(); ++i) {
    CallSiteFact& site = (*sites)[i];
    if (site.target.kind == TargetKind::kNone) continue;
    const SourceScope& scope = site.scope;
    std::string_view statement =
        scope.statement_first_line > 0
            ? lines.Lines(scope.statement_first_line, scope.statement_last_line)
            : lines.Lines(site.location.line, site.location.line);
    std::string_view function =
        scope.first_line > 0 ? lines.Lines(scope.first_line, scope.last_line)
                             : statement;
    site.method = MethodNamedIn(statement);
    site.idempotency_key = SendsIdempotencyKey(function);
    if (site.method.empty() && scope.first_line > 0) {
      // A URL built in one statement and sent in the next: the function's
      // method, when it names exactly one.
      std::set<std::string> named = MethodsNamedIn(function);
      if (named.size() == 1) site.method = *named.begin();
    }
    if (site.method.empty() && IsGrpcCallSite(site)) {
      // gRPC sends every call as an HTTP/2 POST, and a method is idempotent
      // only when its .proto declares idempotency_level, which is not read.
      site.method = "POST";
      site.method_note =
          "gRPC: every call is an HTTP/2 POST, and no method is declared "
          "idempotent (.proto files are not read)";
    }
    bool declarative = site.detail.find("feign") != std::string::npos ||
                       site.detail.find("rest-client") != std::string::npos ||
                       statement.find(".target(") != std::string_view::npos;
    if (site.method.empty() && declarative) {
      if (!declared) declared = DeclaredClientMethod(lines.content());
      site.method = *declared;
      if (!site.idempotency_key)
        site.idempotency_key = SendsIdempotencyKey(lines.content());
    }
  }
}

}  // namespace ampcheck
