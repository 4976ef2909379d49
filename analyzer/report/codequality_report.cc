// GitLab Code Quality (a subset of the Code Climate issue format): a JSON
// array of issues, each with a description, the check, a fingerprint, a
// severity and a path with a line. GitLab shows them in the merge request.
// The fingerprint is the SARIF one, so both keep a finding's identity.
#include <nlohmann/json.hpp>

#include "analyzer/base/json_dump.h"
#include "analyzer/report/reporter.h"
#include "analyzer/report/sarif_report.h"

namespace ampcheck {
namespace {

// GitLab's scale: info, minor, major, critical, blocker.
const char* CodeQualitySeverity(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "major";
    case Severity::kWarning:
      return "minor";
    case Severity::kNote:
      return "info";
  }
  return "minor";
}

class CodeQualityReporter : public Reporter {
 public:
  void Render(const Model&, const Analysis& analysis,
              const ReportOptions& options, std::ostream& out) const override {
    nlohmann::json issues = nlohmann::json::array();
    for (const Finding& f : analysis.findings) {
      // GitLab drops an issue without a path: fall back to the first layer
      // with a location, as SARIF does, then to the first call or path the
      // finding's cause affects; a finding that has none (a default no file
      // sets, on calls no file names) is kept on the repository root.
      const Location* where = f.location.known() ? &f.location : nullptr;
      for (const Evidence& e : f.related) {
        if (!where && e.location.known()) where = &e.location;
      }
      for (const Affected& a : f.affected) {
        if (!where && a.location.known()) where = &a.location;
      }
      const Location root{".", 1};
      if (!where) where = &root;
      std::string description = f.message;
      if (!f.arithmetic.empty()) description += " (" + f.arithmetic + ")";
      issues.push_back(
          {{"type", "issue"},
           {"description", description},
           {"check_name", f.check},
           {"categories", {"Performance"}},
           {"fingerprint", IdentityFingerprint(f.identity)},
           {"severity", CodeQualitySeverity(f.severity)},
           {"location",
            {{"path", ArtifactPath(options.sarif, where->file)},
             {"lines", {{"begin", where->line > 0 ? where->line : 1}}}}}});
    }
    out << DumpJson(issues, 2) << "\n";
  }
};

}  // namespace

std::unique_ptr<Reporter> MakeCodeQualityReporter() {
  return std::make_unique<CodeQualityReporter>();
}

}  // namespace ampcheck
