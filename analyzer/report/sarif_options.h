// What SARIF output can be told by the command line; kept apart so that
// ReportOptions can carry it without pulling in the SARIF writer.
#ifndef AMPCHECK_REPORT_SARIF_OPTIONS_H_
#define AMPCHECK_REPORT_SARIF_OPTIONS_H_

#include <string>

namespace ampcheck {

struct SarifOptions {
  // Base URL of the checks' docs pages; "" = kDefaultSarifHelpBase.
  std::string help_base;
  // Prepended to every artifact path, so that results scanned from a
  // subdirectory land on the repository's files: "deploy/".
  std::string uri_prefix;
};

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_SARIF_OPTIONS_H_
