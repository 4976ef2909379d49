// The reports of several environments (cli/environments.h) as one output of
// the chosen format: text and Markdown one section each, JSON an object
// listing them, SARIF one run each (told apart by automationDetails.id),
// Code Quality one array whose fingerprints carry the environment's name.
#ifndef AMPCHECK_REPORT_ENVIRONMENT_REPORTS_H_
#define AMPCHECK_REPORT_ENVIRONMENT_REPORTS_H_

#include <string>
#include <vector>

namespace ampcheck {

struct RenderedEnvironment {
  std::string name;
  std::string directory;
  std::string report;  // one environment's report, in `format`
};

std::string CombineEnvironmentReports(
    const std::string& format,
    const std::vector<RenderedEnvironment>& environments);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_ENVIRONMENT_REPORTS_H_
