// Runs extraction rules over their fixtures and compares what they find with
// the expectations written next to the lines (docs/rules.md):
//   // ruleid: <rule-id> tries=4     this line, or the next code line, fires
//     (timeout=PER_TRY_MS/TOTAL_MS, "-" for unset; target=kind:value;
//      fallback=the target's in-code default)
//   // ok: <rule-id>                 a near miss: must stay silent
//   // todoruleid: <rule-id>         a known gap: listed, not checked
//   "//": "ruleid: <rule-id>",       the same in JSON
// The project's own rule test and `ampcheck test` share it.
#ifndef AMPCHECK_EXTRACT_SOURCE_RULE_FIXTURES_H_
#define AMPCHECK_EXTRACT_SOURCE_RULE_FIXTURES_H_

#include <map>
#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"
#include "analyzer/extract/source/rule.h"

namespace ampcheck {

struct FixtureExpectation {
  std::string rule_id;
  std::string tries;     // "" when not stated
  std::string timeout;   // "PER_TRY_MS/TOTAL_MS", "-" for unset; "" not stated
  std::string target;    // "kind:value" ("env:ORDERS_URL"), "" when not stated
  std::string fallback;  // the target's in-code default, "" when not stated
  std::string backoff;   // "BASE_MS/CAP_MS", "-" for unset; "" not stated
};

// ruleid: expectations by the line they apply to. A comment-only line applies
// to the next line with code.
std::map<int, std::vector<FixtureExpectation>> ReadFixtureExpectations(
    const std::string& text);

struct RuleFixtureResult {
  // "false negative: f.go:12 rule-id", "false positive: f.go:20 rule-id",
  // "wrong tries: ...", "no near-miss ...", "no fixture for rule ...",
  // "rule error: ...".
  std::vector<std::string> problems;
  std::vector<std::string> known_gaps;  // "f.go:30 rule-id" (todoruleid:)
  int fixtures = 0;
  int checked = 0;  // expectations compared
};

// For each rule, the fixture files named after it (<rule-id>.<ext>) in
// <dir>/<language>/ or <dir>/ of each of `fixture_dirs`. Paths are printed
// relative to `display_base` when below it.
RuleFixtureResult RunRuleFixtures(const FileSystem& fs,
                                  const std::vector<Rule>& rules,
                                  const std::vector<std::string>& fixture_dirs,
                                  const std::string& display_base);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_RULE_FIXTURES_H_
