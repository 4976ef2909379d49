// SARIF 2.1.0 for code scanning (GitHub, GitLab, IDEs): one rule per check,
// results at the layer that causes them, the path's other layers as related
// locations, and a fingerprint from Finding::identity so that a finding keeps
// its identity across commits. Validated by tests/sarif_ci_validate_test.cc.
#ifndef AMPCHECK_REPORT_SARIF_REPORT_H_
#define AMPCHECK_REPORT_SARIF_REPORT_H_

#include <nlohmann/json.hpp>
#include <string>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/report/check_help.h"
#include "analyzer/report/sarif_options.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// Where each check's docs page lives: helpUri = base + "/" + id + ".md"
// (CheckDocsUrl).
inline constexpr const char* kDefaultSarifHelpBase = kDefaultCheckDocsBase;

// The partialFingerprints key; bump the version if the hash input changes.
inline constexpr const char* kSarifFingerprintKey = "ampcheckIdentity/v1";

// A stable 128-bit hex digest of a finding's identity (two FNV-1a 64 passes
// with different offsets). Not cryptographic: it only has to be stable and
// spread well, and it keeps service names out of uploaded fingerprints.
std::string IdentityFingerprint(const std::string& identity);

// A relative path as a URI reference: unreserved characters and '/' kept,
// everything else percent-encoded (RFC 3986).
std::string RelativeUri(const std::string& path);

nlohmann::json SarifJson(const Model& model, const Analysis& analysis,
                         const SarifOptions& options);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_SARIF_REPORT_H_
