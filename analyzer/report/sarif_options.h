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
  // Prepended to every artifact path (--sarif-uri-prefix): "deploy/". When
  // empty, paths are made relative to repository_root instead.
  std::string uri_prefix;
  // The directory printed relative paths start from (the working
  // directory) and the repository they belong to (the git toplevel), both
  // absolute; "" = paths are used as printed.
  std::string base_directory = "";
  std::string repository_root = "";
  // Results kept in the run, worst first; the rest are counted in the run's
  // properties.
  size_t max_results = kSarifMaxResults;
};

// A printed path as SARIF and Code Quality name it: relative to the
// repository root, so that results land on the repository's files whatever
// directory was scanned from; as printed when it lies outside the
// repository.
std::string ArtifactPath(const SarifOptions& options, const std::string& file);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_SARIF_OPTIONS_H_
