// The JSON report (schema ampcheck/report/v2, docs/report-schema.md), also
// the base of formats that add to it.
#ifndef AMPCHECK_REPORT_JSON_REPORT_H_
#define AMPCHECK_REPORT_JSON_REPORT_H_

#include <nlohmann/json.hpp>
#include <ostream>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/analyze/check.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

inline constexpr const char* kReportSchema = "ampcheck/report/v2";

nlohmann::json TriesJson(const Tries& tries);
nlohmann::json FactorJson(double factor);
nlohmann::json LayerJson(const Layer& layer);
// Text a check left unwritten (the calls and paths a cause affects) is
// written through `context`, the analysis the finding is of.
nlohmann::json FindingJson(const AnalysisContext& context,
                           const Finding& finding);
nlohmann::json DiagnosticJson(const Diagnostic& diagnostic);
nlohmann::json ReportJson(const Model& model, const Analysis& analysis);
// The text of ReportJson (indent 2), written as it is made: a cluster's
// report never exists as one tree.
void WriteReportJson(std::ostream& out, const Model& model,
                     const Analysis& analysis, int threads = 1);

// Services with their worst path, worst first (ties by name): the order of
// "paths" in every format.
std::vector<int> PathOrder(const Model& model, const Analysis& analysis);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_JSON_REPORT_H_
