// What a report tells a reader to do about a finding: one line per check
// saying what to change, and the address of the check's docs page. The
// lines are the first sentence of each page's **Fix:** paragraph
// (docs/checks/<id>.md); check_help_test.cc keeps the two the same.
#ifndef AMPCHECK_REPORT_CHECK_HELP_H_
#define AMPCHECK_REPORT_CHECK_HELP_H_

#include <string>
#include <string_view>

namespace ampcheck {

// Where the checks' docs pages live. Code scanning needs an absolute URL, so
// the default is the project's.
inline constexpr const char* kDefaultCheckDocsBase =
    "https://github.com/ampcheck/ampcheck/blob/main/docs/checks";

// What to change, one line (Markdown code spans kept: they read as code in
// text too); "" for an id that is not a check.
const char* CheckFix(std::string_view check);

// base + "/" + id + ".md", the SARIF helpUri; base "" means
// kDefaultCheckDocsBase and a trailing "/" is dropped.
std::string CheckDocsUrl(const std::string& base, std::string_view check);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_CHECK_HELP_H_
