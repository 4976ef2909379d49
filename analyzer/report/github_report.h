// `--format github`: GitHub Actions workflow commands (annotations).
#ifndef AMPCHECK_REPORT_GITHUB_REPORT_H_
#define AMPCHECK_REPORT_GITHUB_REPORT_H_

#include <string>

#include "analyzer/base/layer.h"
#include "analyzer/report/sarif_options.h"

namespace ampcheck {

// A command's message: %, CR and LF escaped (%25, %0D, %0A).
std::string EscapeWorkflowData(const std::string& text);
// A command's property value: the same, and ':' and ',' (%3A, %2C).
std::string EscapeWorkflowProperty(const std::string& text);
// "::error file=deploy/a.yaml,line=9,title=ampcheck retry-amplification::..."
// with the file as SARIF names it (relative to the repository root).
std::string WorkflowCommand(const std::string& command,
                            const Location& location, const std::string& title,
                            const std::string& message,
                            const SarifOptions& paths);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_GITHUB_REPORT_H_
