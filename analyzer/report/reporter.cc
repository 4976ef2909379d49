#include "analyzer/report/reporter.h"

namespace ampcheck {

std::vector<std::string> ReportFormats() {
  return {"text", "json", "sarif", "markdown", "codequality", "github"};
}

std::unique_ptr<Reporter> MakeReporter(const std::string& format) {
  if (format == "text") return MakeTextReporter();
  if (format == "json") return MakeJsonReporter();
  if (format == "sarif") return MakeSarifReporter();
  if (format == "markdown") return MakeMarkdownReporter();
  if (format == "codequality") return MakeCodeQualityReporter();
  if (format == "github") return MakeGithubReporter();
  return nullptr;
}

}  // namespace ampcheck
