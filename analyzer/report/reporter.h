// report: one findings model, many formats; the format is chosen only here.
#ifndef AMPCHECK_REPORT_REPORTER_H_
#define AMPCHECK_REPORT_REPORTER_H_

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/report/sarif_options.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

struct ReportOptions {
  size_t max_paths = 20;  // text: worst paths listed (0 = all)
  bool verbose = false;   // text: every call with its layers and evidence
  SarifOptions sarif;
};

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void Render(const Model& model, const Analysis& analysis,
                      const ReportOptions& options,
                      std::ostream& out) const = 0;
};

// "text", "json"; nullptr for an unknown format.
std::unique_ptr<Reporter> MakeReporter(const std::string& format);
// The formats MakeReporter knows, for --help.
std::vector<std::string> ReportFormats();

// Formats register here (one function per format).
std::unique_ptr<Reporter> MakeTextReporter();
std::unique_ptr<Reporter> MakeJsonReporter();
std::unique_ptr<Reporter> MakeSarifReporter();
std::unique_ptr<Reporter> MakeMarkdownReporter();
std::unique_ptr<Reporter> MakeCodeQualityReporter();

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_REPORTER_H_
