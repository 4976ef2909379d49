// report: one findings model, many formats; the format is chosen only here.
#ifndef AMPCHECK_REPORT_REPORTER_H_
#define AMPCHECK_REPORT_REPORTER_H_

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/report/sarif_options.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// The text report's width on a terminal whose width is unknown and with
// COLUMNS unset.
inline constexpr size_t kDefaultTextWidth = 100;

// Markdown is a review comment: GitHub takes at most 65,536 characters.
inline constexpr size_t kMarkdownMaxChars = 65536;

struct ReportOptions {
  size_t max_paths = 20;  // text: worst paths listed (0 = all)
  bool verbose = false;   // text: every call with its layers and evidence
  // Text: the lowest severity listed (a display filter: the exit code never
  // depends on it); unset = warning, or note with `verbose`. The findings
  // below it are counted in one line.
  std::optional<Severity> severity;
  bool color = false;  // text: ANSI colours
  size_t width = 0;    // text: wrap at this column; 0 = never
  // Markdown: at most this many bytes (so as many characters or fewer),
  // the worst paths kept and the rest counted.
  size_t markdown_max_chars = kMarkdownMaxChars;
  SarifOptions sarif;
  int threads = 1;  // JSON: threads printing the report's arrays
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
std::unique_ptr<Reporter> MakeGithubReporter();

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_REPORTER_H_
