#include "analyzer/report/json_report.h"

#include <algorithm>
#include <cmath>

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

json FindingJson(const Finding& f) {
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
    for (const Affected& a : f.affected) {
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

json ReportJson(const Model& model, const Analysis& analysis) {
  AnalysisContext context(model, analysis.graph);
  json report;
  report["schema"] = kReportSchema;
  report["tool"] = {{"name", "ampcheck"}, {"version", AMPCHECK_VERSION}};
  report["istio_version"] = model.istio_version;
  report["policy"] =
      model.policy_file.empty() ? json(nullptr) : json(model.policy_file);
  report["limits"] = {{"max_tries", model.max_tries}};
  report["assumptions"] = model.assumptions;
  report["services"] = json::array();
  for (const Service& s : model.services) {
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
    report["services"].push_back(LocationFields(service, s.location));
  }
  report["calls"] = json::array();
  for (size_t i = 0; i < model.calls.size(); ++i) {
    const Call& call = model.calls[i];
    const CallProduct& product = analysis.graph.calls[i];
    json c = {{"from", model.DisplayName(call.from)},
              {"to", model.DisplayName(call.to)},
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
    report["calls"].push_back(c);
  }
  report["paths"] = json::array();
  for (int s : PathOrder(model, analysis)) {
    const Path path = context.WorstPathTo(s);
    json p = {{"services", context.PathNames(path.calls)},
              {"tries", TriesJson(path.tries)},
              {"bounded_tries", FactorJson(path.bounded)},
              {"arithmetic", context.PathProductText(path.calls)},
              {"explanation", context.PathArithmetic(path.calls)},
              {"retrying_layers", path.retrying_layers}};
    report["paths"].push_back(p);
  }
  report["findings"] = json::array();
  for (const Finding& f : analysis.findings)
    report["findings"].push_back(FindingJson(f));
  report["suppressed"] = json::array();
  for (const auto& [f, s] : analysis.suppressed) {
    json entry = FindingJson(f);
    entry["suppressed_by"] =
        LocationFields(json{{"reason", s.reason}}, s.location);
    report["suppressed"].push_back(entry);
  }
  report["diagnostics"] = json::array();
  for (const Diagnostic& d : model.diagnostics)
    report["diagnostics"].push_back(DiagnosticJson(d));
  json skipped = {{"non_manifest_documents", model.skipped_documents}};
  for (const auto& [reason, count] : model.skipped_files)
    skipped[reason] = count;
  const ResolveCounts& n = model.counts;
  report["summary"] = {{"files", model.files},
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
  report["summary"]["errors"] = counts[2];
  report["summary"]["warnings"] = counts[1];
  report["summary"]["notes"] = counts[0];
  return report;
}

namespace {

class JsonReporter : public Reporter {
 public:
  void Render(const Model& model, const Analysis& analysis,
              const ReportOptions&, std::ostream& out) const override {
    WriteJson(out, ReportJson(model, analysis), 2);
    out << "\n";
  }
};

}  // namespace

std::unique_ptr<Reporter> MakeJsonReporter() {
  return std::make_unique<JsonReporter>();
}

}  // namespace ampcheck
