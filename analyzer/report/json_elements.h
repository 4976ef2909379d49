// The report's calls, layers and findings as JSON text: the elements a
// cluster's report holds tens of thousands of, written member by member
// (JsonText) rather than built as trees.
#ifndef AMPCHECK_REPORT_JSON_ELEMENTS_H_
#define AMPCHECK_REPORT_JSON_ELEMENTS_H_

#include <cstddef>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/json_text.h"

namespace ampcheck {

void WriteLayerJson(const Layer& layer, JsonText* out);
// Text a check left unwritten (the calls and paths a cause affects) is
// written through `context`; a suppressed finding says what suppressed it.
void WriteFindingJson(const AnalysisContext& context, const Finding& f,
                      const Suppression* suppressed_by, JsonText* out);
void WriteCallJson(const AnalysisContext& context, size_t call, JsonText* out);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_JSON_ELEMENTS_H_
