#include "analyzer/report/json_report.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>

#include "analyzer/analyze/arithmetic.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/json_dump.h"
#include "analyzer/report/json_elements.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {

using nlohmann::json;

json TriesJson(const Tries& tries) {
  if (tries.unbounded()) return "unbounded";
  return tries.count();
}

json FactorJson(double factor) {
  if (std::isinf(factor)) return "unbounded";
  double rounded = std::round(factor * 10000) / 10000;
  if (rounded == std::floor(rounded) && rounded < 9e15)
    return static_cast<uint64_t>(rounded);
  return rounded;
}

static json LocationFields(json object, const Location& location) {
  if (location.known()) {
    object["file"] = location.file;
    object["line"] = location.line;
  }
  return object;
}

namespace {

// The tree of what a writer prints, for the callers that add to it.
json Parsed(const std::function<void(JsonText*)>& write) {
  std::string text;
  JsonText out(&text, 2, 0);
  write(&out);
  return json::parse(text);
}

}  // namespace

json LayerJson(const Layer& layer) {
  return Parsed([&](JsonText* out) { WriteLayerJson(layer, out); });
}

json FindingJson(const AnalysisContext& context, const Finding& f) {
  return Parsed(
      [&](JsonText* out) { WriteFindingJson(context, f, nullptr, out); });
}

json DiagnosticJson(const Diagnostic& d) {
  json out = json::object();
  out["file"] = d.location.file;
  if (d.location.line > 0) out["line"] = d.location.line;
  out["severity"] = SeverityName(d.severity);
  out["message"] = d.message;
  return out;
}

std::vector<int> PathOrder(const Model& model, const Analysis& analysis) {
  std::vector<int> order;
  for (size_t s = 0; s < model.services.size(); ++s) {
    if (analysis.graph.worst_paths[s].last_call >= 0)
      order.push_back(static_cast<int>(s));
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return analysis.graph.worst_paths[b].tries <
           analysis.graph.worst_paths[a].tries;
  });
  return order;
}

namespace {

json ServiceJson(const Service& s) {
  json service = {{"name", s.name},
                  {"namespace", s.ns},
                  {"in_mesh", s.in_mesh},
                  {"membership", s.membership},
                  {"kind", s.kind}};
  if (s.is_gateway) service["gateway"] = true;
  if (s.external) {
    service["external"] = true;
    service["external_reason"] = s.external_reason;
  }
  return LocationFields(service, s.location);
}

json PathJson(const AnalysisContext& context, int service) {
  const Path path = context.WorstPathTo(service);
  return {{"services", context.PathNames(path.calls)},
          {"tries", TriesJson(path.tries)},
          {"bounded_tries", FactorJson(path.bounded)},
          {"arithmetic", context.PathProductText(path.calls)},
          {"explanation", context.PathArithmetic(path.calls)},
          {"retrying_layers", path.retrying_layers}};
}

json SummaryJson(const Model& model, const Analysis& analysis) {
  json skipped = {{"non_manifest_documents", model.skipped_documents}};
  for (const auto& [reason, count] : model.skipped_files)
    skipped[reason] = count;
  const ResolveCounts& n = model.counts;
  json summary = {{"files", model.files},
                  {"services", model.services.size()},
                  {"calls", model.calls.size()},
                  {"skipped", skipped},
                  {"call_sites",
                   {{"resolved", n.call_sites_resolved},
                    {"external", n.call_sites_external},
                    {"unresolved", n.call_sites_unresolved},
                    {"env_from_unread", n.env_from_unread}}},
                  {"layers",
                   {{"targeted", n.layers_targeted},
                    {"bound_by_scope", n.layers_bound},
                    {"assumed_every_call", n.layers_assumed},
                    {"on_no_service_call", n.layers_no_edge},
                    {"no_call", n.layers_no_call},
                    {"overloads_merged", n.layers_merged}}}};
  int counts[3] = {0, 0, 0};
  for (const Finding& f : analysis.findings)
    ++counts[static_cast<int>(f.severity)];
  summary["errors"] = counts[2];
  summary["warnings"] = counts[1];
  summary["notes"] = counts[0];
  return summary;
}

// Where the report's members go: a whole value, or an array's elements
// written one at a time.
struct ReportMembers {
  std::function<void(std::string_view, const json&)> member;
  std::function<void(std::string_view, size_t,
                     const std::function<void(size_t, JsonText*)>&)>
      array;
};

// The report's members, in ascending key order: the order nlohmann prints an
// object in, so that written one by one they are the text of the whole.
void VisitReport(const Model& model, const Analysis& analysis,
                 const ReportMembers& to) {
  AnalysisContext context(model, analysis.graph);
  to.member("assumptions", model.assumptions);
  to.array("calls", model.calls.size(),
           [&](size_t i, JsonText* out) { WriteCallJson(context, i, out); });
  to.array("diagnostics", model.diagnostics.size(),
           [&](size_t i, JsonText* out) {
             out->Value(DiagnosticJson(model.diagnostics[i]));
           });
  to.array("findings", analysis.findings.size(), [&](size_t i, JsonText* out) {
    WriteFindingJson(context, analysis.findings[i], nullptr, out);
  });
  to.member("istio_version", model.istio_version);
  to.member("limits", {{"max_tries", model.max_tries}});
  const std::vector<int> order = PathOrder(model, analysis);
  to.array("paths", order.size(), [&](size_t i, JsonText* out) {
    out->Value(PathJson(context, order[i]));
  });
  to.member("policy", model.policy_file.empty() ? json(nullptr)
                                                : json(model.policy_file));
  to.member("schema", kReportSchema);
  to.array("services", model.services.size(), [&](size_t i, JsonText* out) {
    out->Value(ServiceJson(model.services[i]));
  });
  to.member("summary", SummaryJson(model, analysis));
  to.array("suppressed", analysis.suppressed.size(),
           [&](size_t i, JsonText* out) {
             const auto& [f, s] = analysis.suppressed[i];
             WriteFindingJson(context, f, &s, out);
           });
  to.member("tool", {{"name", "ampcheck"}, {"version", AMPCHECK_VERSION}});
}

}  // namespace

json ReportJson(const Model& model, const Analysis& analysis) {
  json report = json::object();
  VisitReport(
      model, analysis,
      {[&](std::string_view key, const json& value) {
         report[std::string(key)] = value;
       },
       [&](std::string_view key, size_t count,
           const std::function<void(size_t, JsonText*)>& element) {
         json& array = report[std::string(key)] = json::array();
         for (size_t i = 0; i < count; ++i) {
           array.push_back(Parsed([&](JsonText* out) { element(i, out); }));
         }
       }});
  return report;
}

void WriteReportJson(std::ostream& out, const Model& model,
                     const Analysis& analysis, int threads) {
  JsonObjectWriter writer(out, 2, threads);
  VisitReport(model, analysis,
              {[&](std::string_view key, const json& value) {
                 writer.Member(key, value);
               },
               [&](std::string_view key, size_t count,
                   const std::function<void(size_t, JsonText*)>& element) {
                 writer.ArrayMember(key, count, element);
               }});
  writer.Close();
}

namespace {

class JsonReporter : public Reporter {
 public:
  void Render(const Model& model, const Analysis& analysis,
              const ReportOptions& options, std::ostream& out) const override {
    WriteReportJson(out, model, analysis, options.threads);
    out << "\n";
  }
};

}  // namespace

std::unique_ptr<Reporter> MakeJsonReporter() {
  return std::make_unique<JsonReporter>();
}

}  // namespace ampcheck
