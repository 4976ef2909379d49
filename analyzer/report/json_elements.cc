#include "analyzer/report/json_elements.h"

#include <optional>

#include "analyzer/analyze/arithmetic.h"
#include "analyzer/report/json_report.h"

namespace ampcheck {
namespace {

// Members are written in ascending key order (JsonText prints what
// nlohmann's sorted objects print): a location's "file" and "line" go
// where they sort, between the members around them.
void FileMember(const Location& location, JsonText* out) {
  if (!location.known()) return;
  out->Key("file");
  out->String(location.file.str());
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

}  // namespace

void WriteLayerJson(const Layer& layer, JsonText* out) {
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
      out->String(layer.budget_location.file.str());
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

void WriteFindingJson(const AnalysisContext& context, const Finding& f,
                      const Suppression* suppressed_by, JsonText* out) {
  out->BeginObject();
  if (f.affected.size() > 1) {
    // Every call or path of the cause, worst first, the finding's own first:
    // where and how many tries, not the message each would have had (the
    // cause's message says it once; a fleet's cause lists 100,000 paths).
    out->Key("affected");
    out->BeginArray();
    const size_t start = out->Size();
    for (size_t i = 0; i < f.affected.size(); ++i) {
      // Room for the rest, at half as much again as the first one: a cause
      // of a large fleet lists 100,000 paths, a few hundred megabytes.
      if (i == 1)
        out->Reserve((out->Size() - start) * 3 / 2 * (f.affected.size() - 1));
      const Affected& a = f.affected[i];
      const FindingText named = context.Named(a);
      out->BeginObject();
      FileMember(a.location, out);
      out->Key("identity");
      out->String(named.identity);
      LineMember(a.location, out);
      out->Key("path");
      out->Strings(named.path);
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

void WriteCallJson(const AnalysisContext& context, size_t i, JsonText* out) {
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
  out->String(context.ServiceName(call.from));
  out->Key("layers");
  out->BeginArray();
  for (const Layer& layer : call.layers) WriteLayerJson(layer, out);
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
  out->String(context.ServiceName(call.to));
  out->Key("tries");
  out->Value(TriesJson(product.tries));
  if (std::optional<Millis> hold = WorstCaseHoldTime(call.layers, 0)) {
    out->Key("worst_case_hold_ms");
    out->Integer(*hold);
  }
  out->EndObject();
}

}  // namespace ampcheck
