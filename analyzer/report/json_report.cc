#include "analyzer/report/json_report.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>

#include "analyzer/analyze/arithmetic.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/json_dump.h"
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

// Members are written in ascending key order (JsonText prints what
// nlohmann's sorted objects print): a location's "file" and "line" go
// where they sort, between the members around them.
void FileMember(const Location& location, JsonText* out) {
  if (!location.known()) return;
  out->Key("file");
  out->String(location.file);
}

void LineMember(const Location& location, JsonText* out) {
  if (!location.known()) return;
  out->Key("line");
  out->Integer(location.line);
}

void WriteEvidence(const Evidence& e, JsonText* out) {
  out->BeginObject();
  out->Key("detail");
  out->String(e.detail);
  FileMember(e.location, out);
  LineMember(e.location, out);
  out->EndObject();
}

void WriteEvidenceList(const std::vector<Evidence>& evidence, JsonText* out) {
  out->BeginArray();
  for (const Evidence& e : evidence) WriteEvidence(e, out);
  out->EndArray();
}

void WriteLayer(const Layer& layer, JsonText* out) {
  out->BeginObject();
  if (layer.backoff.base || layer.backoff.jitter) {
    out->Key("backoff");
    out->BeginObject();
    if (layer.backoff.base) {
      out->Key("base_ms");
      out->Integer(*layer.backoff.base);
    }
    if (layer.backoff.cap) {
      out->Key("cap_ms");
      out->Integer(*layer.backoff.cap);
    }
    if (layer.backoff.jitter) {
      out->Key("jitter");
      out->Bool(*layer.backoff.jitter);
    }
    out->EndObject();
  }
  if (layer.budget_percent) {
    if (layer.budget_location.known()) {
      out->Key("budget_file");
      out->String(layer.budget_location.file);
      out->Key("budget_line");
      out->Integer(layer.budget_location.line);
    }
    out->Key("budget_percent");
    out->Value(*layer.budget_percent);
  }
  out->Key("detail");
  out->String(layer.detail);
  if (!layer.evidence.empty()) {
    out->Key("evidence");
    WriteEvidenceList(layer.evidence, out);
  }
  FileMember(layer.location, out);
  out->Key("kind");
  out->String(LayerKindName(layer.kind));
  LineMember(layer.location, out);
  if (layer.max_concurrent_retries) {
    out->Key("max_concurrent_retries");
    out->Integer(*layer.max_concurrent_retries);
  }
  if (!layer.methods.empty()) {
    out->Key("methods");
    out->Strings(layer.methods);
  }
  out->Key("origin");
  out->String(layer.origin);
  if (layer.per_try_timeout) {
    out->Key("per_try_timeout_ms");
    out->Integer(*layer.per_try_timeout);
  }
  out->Key("provenance");
  out->String(ProvenanceName(layer.provenance));
  if (!layer.retry_on.empty()) {
    out->Key("retry_on");
    out->Strings(layer.retry_on);
  }
  if (!layer.timeout_expression.empty()) {
    out->Key("timeout_expression");
    out->String(layer.timeout_expression);
  }
  if (layer.total_timeout) {
    out->Key("timeout_ms");
    out->Integer(*layer.total_timeout);
  }
  if (layer.timeout_only) {
    out->Key("timeout_only");
    out->Bool(true);
  }
  out->Key("tries");
  out->Value(TriesJson(layer.tries));
  out->EndObject();
}

void WriteFinding(const AnalysisContext& context, const Finding& f,
                  const Suppression* suppressed_by, JsonText* out) {
  out->BeginObject();
  if (f.affected.size() > 1) {
    // Every call or path of the cause, worst first, the finding's own first.
    out->Key("affected");
    out->BeginArray();
    for (const Affected& lazy : f.affected) {
      const Affected a = context.Spelled(lazy);
      out->BeginObject();
      FileMember(a.location, out);
      out->Key("identity");
      out->String(a.identity);
      LineMember(a.location, out);
      out->Key("message");
      out->String(a.message);
      out->Key("path");
      out->Strings(a.path);
      out->Key("tries");
      out->String(a.tries.ToString());
      out->EndObject();
    }
    out->EndArray();
    out->Key("affected_count");
    out->Unsigned(f.affected.size());
    out->Key("affected_unit");
    out->String(f.unit);
  }
  if (!f.arithmetic.empty()) {
    out->Key("arithmetic");
    out->String(f.arithmetic);
  }
  out->Key("check");
  out->String(f.check);
  FileMember(f.location, out);
  if (!f.folded_checks.empty()) {
    out->Key("folded_checks");
    out->Strings(f.folded_checks);
  }
  out->Key("identity");
  out->String(f.identity);
  LineMember(f.location, out);
  out->Key("message");
  out->String(f.message);
  out->Key("path");
  out->Strings(f.path);
  if (!f.related.empty()) {
    out->Key("related");
    WriteEvidenceList(f.related, out);
  }
  out->Key("severity");
  out->String(SeverityName(f.severity));
  if (suppressed_by) {
    out->Key("suppressed_by");
    out->BeginObject();
    FileMember(suppressed_by->location, out);
    LineMember(suppressed_by->location, out);
    out->Key("reason");
    out->String(suppressed_by->reason);
    out->EndObject();
  }
  out->EndObject();
}

// The tree of what a writer prints, for the callers that add to it.
json Parsed(const std::function<void(JsonText*)>& write) {
  std::string text;
  JsonText out(&text, 2, 0);
  write(&out);
  return json::parse(text);
}

}  // namespace

json LayerJson(const Layer& layer) {
  return Parsed([&](JsonText* out) { WriteLayer(layer, out); });
}

json FindingJson(const AnalysisContext& context, const Finding& f) {
  return Parsed([&](JsonText* out) { WriteFinding(context, f, nullptr, out); });
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

void WriteCall(const AnalysisContext& context, size_t i, JsonText* out) {
  const Call& call = context.model.calls[i];
  const CallProduct& product = context.graph.calls[i];
  out->BeginObject();
  out->Key("arithmetic");
  out->String(context.CallArithmetic(static_cast<int>(i)));
  if (!product.bound_by.empty()) {
    out->Key("bound_by");
    out->Strings(product.bound_by);
  }
  out->Key("bounded_tries");
  out->Value(FactorJson(product.bounded));
  if (call.declaration) {
    const Documentation& d = *call.declaration;
    out->Key("declaration");
    out->BeginObject();
    FileMember(d.location, out);
    LineMember(d.location, out);
    out->Key("max_tries");
    out->Unsigned(d.max_tries);
    out->Key("owner");
    out->String(d.owner);
    out->Key("reason");
    out->String(d.reason);
    out->EndObject();
  }
  out->Key("evidence");
  WriteEvidenceList(call.evidence, out);
  out->Key("from");
  out->String(context.model.DisplayName(call.from));
  out->Key("layers");
  out->BeginArray();
  for (const Layer& layer : call.layers) WriteLayer(layer, out);
  out->EndArray();
  if (!call.methods.empty()) {
    out->Key("methods");
    out->BeginArray();
    for (const Call::Method& m : call.methods) {
      out->BeginObject();
      FileMember(m.location, out);
      if (m.idempotency_key) {
        out->Key("idempotency_key");
        out->Bool(true);
      }
      LineMember(m.location, out);
      out->Key("method");
      out->String(m.method);
      out->EndObject();
    }
    out->EndArray();
  }
  if (!call.notes.empty()) {
    out->Key("notes");
    out->Strings(call.notes);
  }
  out->Key("to");
  out->String(context.model.DisplayName(call.to));
  out->Key("tries");
  out->Value(TriesJson(product.tries));
  if (std::optional<Millis> hold = WorstCaseHoldTime(call.layers, 0)) {
    out->Key("worst_case_hold_ms");
    out->Integer(*hold);
  }
  out->EndObject();
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
           [&](size_t i, JsonText* out) { WriteCall(context, i, out); });
  to.array("diagnostics", model.diagnostics.size(),
           [&](size_t i, JsonText* out) {
             out->Value(DiagnosticJson(model.diagnostics[i]));
           });
  to.array("findings", analysis.findings.size(), [&](size_t i, JsonText* out) {
    WriteFinding(context, analysis.findings[i], nullptr, out);
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
             WriteFinding(context, f, &s, out);
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
