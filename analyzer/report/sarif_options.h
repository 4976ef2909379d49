// What SARIF output can be told by the command line; kept apart so that
// ReportOptions can carry it without pulling in the SARIF writer.
#ifndef AMPCHECK_REPORT_SARIF_OPTIONS_H_
#define AMPCHECK_REPORT_SARIF_OPTIONS_H_

#include <cstddef>
#include <string>

namespace ampcheck {

// GitHub code scanning takes at most 25,000 results a run
// (docs.github.com, "SARIF support for code scanning", upload limits).
inline constexpr size_t kSarifMaxResults = 25000;

struct SarifOptions {
  // Base URL of the checks' docs pages; "" = kDefaultSarifHelpBase.
  std::string help_base;
  // Prepended to every artifact path, so that results scanned from a
  // subdirectory land on the repository's files: "deploy/".
  std::string uri_prefix;
  // Results kept in the run, worst first; the rest are counted in the run's
  // properties.
  size_t max_results = kSarifMaxResults;
};

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_SARIF_OPTIONS_H_
