#include "analyzer/report/sarif_report.h"

#include <cstdio>

#include "analyzer/analyze/check.h"
#include "analyzer/base/json_dump.h"
#include "analyzer/report/check_help.h"
#include "analyzer/report/finding_order.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {

using nlohmann::json;

namespace {

constexpr const char* kSrcRoot = "%SRCROOT%";
// The other calls or paths of a cause listed as related locations; the count
// is in the result's properties.
constexpr size_t kSarifAffectedLocations = 50;

uint64_t Fnv1a64(const std::string& text, uint64_t offset) {
  uint64_t hash = offset;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

const char* SarifLevel(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
      return "note";
  }
  return "warning";
}

// GitHub ranks alerts by this property: error, warning or recommendation.
const char* ProblemSeverity(Severity severity) {
  return severity == Severity::kNote ? "recommendation" : SarifLevel(severity);
}

// "retry-amplification" -> "RetryAmplification" (reportingDescriptor.name).
std::string RuleName(const std::string& id) {
  std::string name;
  bool upper = true;
  for (char c : id) {
    if (c == '-') {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(c)) : c;
    upper = false;
  }
  return name;
}

// Messages end with a period (validator rule SARIF2001); the text is kept
// as written otherwise, service names being lower-case.
std::string Sentence(std::string text) {
  if (!text.empty() && text.back() != '.') text += '.';
  return text;
}

// Standard input and other pseudo files have no artifact to point at.
bool Locatable(const Location& location) {
  return location.known() && location.file[0] != '<';
}

json PhysicalLocation(const Location& location, const SarifOptions& options) {
  json physical = {{"artifactLocation",
                    {{"uri", RelativeUri(ArtifactPath(options, location.file))},
                     {"uriBaseId", kSrcRoot}}}};
  if (location.line > 0) physical["region"] = {{"startLine", location.line}};
  return physical;
}

// Code spans read as quotes in plain text.
std::string WithoutBackticks(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != '`') out += c;
  return out;
}

json RuleJson(const Check& check, const std::string& help_base) {
  std::string id = check.id();
  std::string url = CheckDocsUrl(help_base, id);
  std::string summary = Sentence(check.summary());
  std::string fix = CheckFix(id);
  return {
      {"id", id},
      {"name", RuleName(id)},
      {"shortDescription", {{"text", summary}}},
      {"fullDescription",
       {{"text", "Fires when " + std::string(check.summary()) +
                     ". Every number is shown with its arithmetic and the "
                     "file and line it comes from."}}},
      {"help",
       {{"text", summary + " Fix: " + WithoutBackticks(fix) + " See " + url},
        {"markdown", summary + "\n\n**Fix:** " + fix + "\n\nSee [" + id + "](" +
                         url + ")."}}},
      {"helpUri", url},
      {"defaultConfiguration", {{"level", SarifLevel(check.severity())}}},
      {"properties",
       {{"tags", {"reliability", "retry-amplification"}},
        {"precision", "high"},
        {"problem.severity", ProblemSeverity(check.severity())}}}};
}

json ResultJson(const AnalysisContext& context, const Finding& f,
                int rule_index, const SarifOptions& options) {
  std::string text = Sentence(f.message);
  if (!f.arithmetic.empty()) text += " Arithmetic: " + Sentence(f.arithmetic);
  json result = {{"ruleId", f.check},
                 {"ruleIndex", rule_index},
                 {"level", SarifLevel(f.severity)},
                 {"message", {{"text", text}}}};
  // The finding's own location; else the first layer that has one, so that
  // code scanning can place it (a result needs a location there).
  const Location* where = Locatable(f.location) ? &f.location : nullptr;
  for (const Evidence& e : f.related) {
    if (!where && Locatable(e.location)) where = &e.location;
  }
  result["locations"] = json::array();
  if (where)
    result["locations"].push_back(
        {{"physicalLocation", PhysicalLocation(*where, options)}});
  json related = json::array();
  int id = 1;
  for (const Evidence& e : f.related) {
    if (!Locatable(e.location)) continue;
    related.push_back(
        {{"id", id++},
         {"physicalLocation", PhysicalLocation(e.location, options)},
         {"message", {{"text", Sentence(e.detail)}}}});
  }
  // The other calls or paths of the cause, worst first, each where its own
  // layer is.
  for (size_t i = 1; i < f.affected.size() && i <= kSarifAffectedLocations;
       ++i) {
    const Affected& a = f.affected[i];
    if (!Locatable(a.location)) continue;
    related.push_back(
        {{"id", id++},
         {"physicalLocation", PhysicalLocation(a.location, options)},
         {"message", {{"text", Sentence(context.Spelled(a).message)}}}});
  }
  if (!related.empty()) result["relatedLocations"] = related;
  result["partialFingerprints"] = {
      {kSarifFingerprintKey, IdentityFingerprint(f.identity)}};
  if (!f.path.empty()) result["properties"] = {{"path", f.path}};
  if (f.affected.size() > 1) {
    result["properties"]["affectedCount"] = f.affected.size();
    result["properties"]["affectedUnit"] = f.unit;
  }
  return result;
}

json NotificationJson(const Diagnostic& d, const SarifOptions& options) {
  json n = {{"level", SarifLevel(d.severity)},
            {"message", {{"text", Sentence(d.message)}}}};
  if (Locatable(d.location)) {
    n["locations"] = {
        {{"physicalLocation", PhysicalLocation(d.location, options)}}};
  }
  return n;
}

}  // namespace

std::string IdentityFingerprint(const std::string& identity) {
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx",
                static_cast<unsigned long long>(
                    Fnv1a64(identity, 14695981039346656037ULL)),
                static_cast<unsigned long long>(
                    Fnv1a64(identity, 0x9e3779b97f4a7c15ULL)));
  return hex;
}

std::string RelativeUri(const std::string& path) {
  static const char* kHex = "0123456789ABCDEF";
  std::string uri;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
        c == '/') {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 15];
    }
  }
  return uri;
}

json SarifJson(const Model& model, const Analysis& analysis,
               const SarifOptions& options) {
  const std::string& help_base = options.help_base;
  const AnalysisContext context(model, analysis.graph);

  json rules = json::array();
  for (const auto& check : AllChecks())
    rules.push_back(RuleJson(*check, help_base));

  // The worst findings up to the limit, then suppressed ones in the room
  // left; what does not fit is counted by severity.
  json results = json::array();
  int omitted[3] = {0, 0, 0};
  size_t omitted_suppressed = 0;
  for (const Finding* f : WorstFirst(analysis.findings)) {
    if (results.size() >= options.max_results) {
      ++omitted[static_cast<int>(f->severity)];
      continue;
    }
    results.push_back(ResultJson(context, *f, CheckIndex(f->check), options));
  }
  // Suppressed findings stay in the log, marked, so code scanning closes
  // their alerts instead of forgetting them.
  for (const auto& [f, s] : analysis.suppressed) {
    if (results.size() >= options.max_results) {
      ++omitted_suppressed;
      continue;
    }
    json result = ResultJson(context, f, CheckIndex(f.check), options);
    // SARIF's kinds: a comment in the analysed file is "inSource".
    json suppression = {{"kind", s.target.known() ? "inSource" : "external"},
                        {"justification", s.reason}};
    if (Locatable(s.location)) {
      suppression["location"] = {
          {"physicalLocation", PhysicalLocation(s.location, options)}};
    }
    result["suppressions"] = json::array({suppression});
    results.push_back(result);
  }

  json notifications = json::array();
  for (const Diagnostic& d : model.diagnostics)
    notifications.push_back(NotificationJson(d, options));
  json invocation = {{"executionSuccessful", true}};
  if (!notifications.empty())
    invocation["toolExecutionNotifications"] = notifications;

  json driver = {{"name", "ampcheck"},
                 {"version", AMPCHECK_VERSION},
                 {"semanticVersion", AMPCHECK_VERSION},
                 {"informationUri", "https://github.com/ampcheck/ampcheck"},
                 {"rules", rules}};
  json run = {{"tool", {{"driver", driver}}},
              {"invocations", {invocation}},
              {"columnKind", "unicodeCodePoints"},
              {"results", results}};
  size_t omitted_total =
      omitted[0] + omitted[1] + omitted[2] + omitted_suppressed;
  if (omitted_total > 0) {
    run["properties"] = {
        {"resultLimit", options.max_results},
        {"resultsOmitted", omitted_total},
        {"resultsOmittedBySeverity",
         {{"error", omitted[2]},
          {"warning", omitted[1]},
          {"note", omitted[0]}}},
        {"suppressedResultsOmitted", omitted_suppressed},
        {"fullReport",
         "the results kept are the worst; ampcheck scan --format json lists "
         "every finding"}};
  }
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", {run}}};
}

namespace {

class SarifReporter : public Reporter {
 public:
  void Render(const Model& model, const Analysis& analysis,
              const ReportOptions& options, std::ostream& out) const override {
    out << DumpJson(SarifJson(model, analysis, options.sarif), 2) << "\n";
  }
};

}  // namespace

std::unique_ptr<Reporter> MakeSarifReporter() {
  return std::make_unique<SarifReporter>();
}

}  // namespace ampcheck
