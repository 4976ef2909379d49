#include "analyzer/report/reporter.h"

namespace ampcheck {

std::vector<std::string> ReportFormats() { return {"text", "json"}; }

std::unique_ptr<Reporter> MakeReporter(const std::string& format) {
  if (format == "text") return MakeTextReporter();
  if (format == "json") return MakeJsonReporter();
  return nullptr;
}

}  // namespace ampcheck
