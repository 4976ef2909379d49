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

static json EvidenceJson(const Evidence& e) {
  return LocationFields(json{{"detail", e.detail}}, e.location);
}

json LayerJson(const Layer& layer) {
  json out = {{"kind", LayerKindName(layer.kind)},
              {"tries", TriesJson(layer.tries)},
              {"provenance", ProvenanceName(layer.provenance)},
              {"origin", layer.origin},
              {"detail", layer.detail}};
  out = LocationFields(out, layer.location);
  if (!layer.retry_on.empty()) out["retry_on"] = layer.retry_on;
  if (!layer.methods.empty()) out["methods"] = layer.methods;
  if (layer.per_try_timeout) out["per_try_timeout_ms"] = *layer.per_try_timeout;
  if (layer.total_timeout) out["timeout_ms"] = *layer.total_timeout;
  if (!layer.timeout_expression.empty())
    out["timeout_expression"] = layer.timeout_expression;
  if (layer.timeout_only) out["timeout_only"] = true;
  if (layer.max_concurrent_retries)
    out["max_concurrent_retries"] = *layer.max_concurrent_retries;
  if (layer.backoff.base || layer.backoff.jitter) {
    json backoff = json::object();
    if (layer.backoff.base) backoff["base_ms"] = *layer.backoff.base;
    if (layer.backoff.cap) backoff["cap_ms"] = *layer.backoff.cap;
    if (layer.backoff.jitter) backoff["jitter"] = *layer.backoff.jitter;
    out["backoff"] = backoff;
  }
  if (layer.budget_percent) {
    out["budget_percent"] = *layer.budget_percent;
    if (layer.budget_location.known()) {
      out["budget_file"] = layer.budget_location.file;
      out["budget_line"] = layer.budget_location.line;
    }
  }
  if (!layer.evidence.empty()) {
    out["evidence"] = json::array();
    for (const Evidence& e : layer.evidence)
      out["evidence"].push_back(EvidenceJson(e));
  }
  return out;
}

json FindingJson(const AnalysisContext& context, const Finding& f) {
  json out = {{"check", f.check},
              {"severity", SeverityName(f.severity)},
              {"message", f.message}};
  out = LocationFields(out, f.location);
  out["path"] = f.path;
  if (!f.arithmetic.empty()) out["arithmetic"] = f.arithmetic;
  if (!f.related.empty()) {
    out["related"] = json::array();
    for (const Evidence& e : f.related)
      out["related"].push_back(EvidenceJson(e));
  }
  out["identity"] = f.identity;
  if (!f.folded_checks.empty()) out["folded_checks"] = f.folded_checks;
  if (f.affected.size() > 1) {
    // Every call or path of the cause, worst first, the finding's own first.
    out["affected_count"] = f.affected.size();
    out["affected_unit"] = f.unit;
    json affected = json::array();
    for (const Affected& lazy : f.affected) {
      const Affected a = context.Spelled(lazy);
      json item = {{"path", a.path}, {"message", a.message}};
      item = LocationFields(item, a.location);
      item["tries"] = a.tries.ToString();
      item["identity"] = a.identity;
      affected.push_back(std::move(item));
    }
    out["affected"] = std::move(affected);
  }
  return out;
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

json CallJson(const AnalysisContext& context, size_t i) {
  const Call& call = context.model.calls[i];
  const CallProduct& product = context.graph.calls[i];
  json c = {{"from", context.model.DisplayName(call.from)},
            {"to", context.model.DisplayName(call.to)},
            {"tries", TriesJson(product.tries)},
            {"bounded_tries", FactorJson(product.bounded)},
            {"arithmetic", context.CallArithmetic(static_cast<int>(i))}};
  if (!product.bound_by.empty()) c["bound_by"] = product.bound_by;
  if (std::optional<Millis> hold = WorstCaseHoldTime(call.layers, 0))
    c["worst_case_hold_ms"] = *hold;
  c["layers"] = json::array();
  for (const Layer& layer : call.layers)
    c["layers"].push_back(LayerJson(layer));
  c["evidence"] = json::array();
  for (const Evidence& e : call.evidence)
    c["evidence"].push_back(EvidenceJson(e));
  if (call.declaration) {
    c["declaration"] =
        LocationFields(json{{"owner", call.declaration->owner},
                            {"max_tries", call.declaration->max_tries},
                            {"reason", call.declaration->reason}},
                       call.declaration->location);
  }
  if (!call.notes.empty()) c["notes"] = call.notes;
  if (!call.methods.empty()) {
    c["methods"] = json::array();
    for (const Call::Method& m : call.methods) {
      json method = LocationFields(json{{"method", m.method}}, m.location);
      if (m.idempotency_key) method["idempotency_key"] = true;
      c["methods"].push_back(method);
    }
  }
  return c;
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

// Where the report's members go: a whole value, or an array's elements made
// one at a time.
struct ReportMembers {
  std::function<void(std::string_view, const json&)> member;
  std::function<void(std::string_view, size_t,
                     const std::function<json(size_t)>&)>
      array;
};

// The report's members, in ascending key order: the order nlohmann prints an
// object in, so that written one by one they are the text of the whole.
void VisitReport(const Model& model, const Analysis& analysis,
                 const ReportMembers& to) {
  AnalysisContext context(model, analysis.graph);
  to.member("assumptions", model.assumptions);
  to.array("calls", model.calls.size(),
           [&](size_t i) { return CallJson(context, i); });
  to.array("diagnostics", model.diagnostics.size(),
           [&](size_t i) { return DiagnosticJson(model.diagnostics[i]); });
  to.array("findings", analysis.findings.size(), [&](size_t i) {
    return FindingJson(context, analysis.findings[i]);
  });
  to.member("istio_version", model.istio_version);
  to.member("limits", {{"max_tries", model.max_tries}});
  const std::vector<int> order = PathOrder(model, analysis);
  to.array("paths", order.size(),
           [&](size_t i) { return PathJson(context, order[i]); });
  to.member("policy", model.policy_file.empty() ? json(nullptr)
                                                : json(model.policy_file));
  to.member("schema", kReportSchema);
  to.array("services", model.services.size(),
           [&](size_t i) { return ServiceJson(model.services[i]); });
  to.member("summary", SummaryJson(model, analysis));
  to.array("suppressed", analysis.suppressed.size(), [&](size_t i) {
    const auto& [f, s] = analysis.suppressed[i];
    json entry = FindingJson(context, f);
    entry["suppressed_by"] =
        LocationFields(json{{"reason", s.reason}}, s.location);
    return entry;
  });
  to.member("tool", {{"name", "ampcheck"}, {"version", AMPCHECK_VERSION}});
}

}  // namespace

json ReportJson(const Model& model, const Analysis& analysis) {
  json report = json::object();
  VisitReport(model, analysis,
              {[&](std::string_view key, const json& value) {
                 report[std::string(key)] = value;
               },
               [&](std::string_view key, size_t count,
                   const std::function<json(size_t)>& element) {
                 json& array = report[std::string(key)] = json::array();
                 for (size_t i = 0; i < count; ++i) array.push_back(element(i));
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
                   const std::function<json(size_t)>& element) {
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
