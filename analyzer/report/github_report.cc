// GitHub Actions workflow commands: one `::error file=...,line=...::` line
// per finding and per input error, which the runner shows as annotations on
// the pull request's lines. For where SARIF cannot be uploaded (pull
// requests from forks, repositories without code scanning).
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
#include "analyzer/report/github_report.h"

#include "analyzer/analyze/check.h"
#include "analyzer/report/finding_order.h"
#include "analyzer/report/reporter.h"
#include "analyzer/report/sarif_report.h"

namespace ampcheck {
namespace {

const char* CommandFor(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
      return "notice";
  }
  return "warning";
}

class GithubReporter : public Reporter {
 public:
  void Render(const Model& model, const Analysis& analysis,
              const ReportOptions& options, std::ostream& out) const override {
    const AnalysisContext context(model, analysis.graph);
    for (const Finding* f : WorstFirst(analysis.findings)) {
      std::string message = f->message;
      if (f->affected.size() > 1) {
        message += "\n" + std::to_string(f->affected.size()) + " " + f->unit +
                   "s, worst first:";
        for (const Affected& a : f->affected) {
          message += "\n- " + a.location.ToString() + ": " +
                     context.Spelled(a).message;
        }
      }
      if (!f->arithmetic.empty()) message += "\n" + f->arithmetic;
      out << WorkflowCommand(CommandFor(f->severity), f->location,
                             "ampcheck " + std::string(f->check), message,
                             options.sarif)
          << "\n";
    }
    for (const Diagnostic& d : model.diagnostics) {
      if (d.severity != Severity::kError) continue;
      out << WorkflowCommand("error", d.location, "ampcheck input problem",
                             d.message, options.sarif)
          << "\n";
    }
  }
};

}  // namespace

std::string EscapeWorkflowData(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '%') {
      out += "%25";
    } else if (c == '\r') {
      out += "%0D";
    } else if (c == '\n') {
      out += "%0A";
    } else {
      out += c;
    }
  }
  return out;
}

std::string EscapeWorkflowProperty(const std::string& text) {
  std::string out;
  for (char c : EscapeWorkflowData(text)) {
    if (c == ':') {
      out += "%3A";
    } else if (c == ',') {
      out += "%2C";
    } else {
      out += c;
    }
  }
  return out;
}

std::string WorkflowCommand(const std::string& command,
                            const Location& location, const std::string& title,
                            const std::string& message,
                            const SarifOptions& paths) {
  std::string line = "::" + command + " ";
  if (location.known()) {
    line +=
        "file=" + EscapeWorkflowProperty(ArtifactPath(paths, location.file));
    if (location.line > 0) line += ",line=" + std::to_string(location.line);
    line += ",";
  }
  line += "title=" + EscapeWorkflowProperty(title);
  return line + "::" + EscapeWorkflowData(message);
}

std::unique_ptr<Reporter> MakeGithubReporter() {
  return std::make_unique<GithubReporter>();
}

}  // namespace ampcheck
