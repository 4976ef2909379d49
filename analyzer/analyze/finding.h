// The one findings model every output format prints.
#ifndef AMPCHECK_ANALYZE_FINDING_H_
#define AMPCHECK_ANALYZE_FINDING_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/analyze/cause_name.h"
#include "analyzer/base/layer.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

class Check;  // analyzer/analyze/check.h

// How the text of a finding a check left unwritten is written when it is
// printed: most candidates are absorbed into a cause, and a large fleet's
// 1.3 million candidates never pay for a message, path names and identity
// each (docs/performance.md).
struct Spelling {
  const Check* check = nullptr;  // null: the check wrote the text itself
  int layer = -1;   // the layer of the last call it is about, if one
  int variant = 0;  // which of the check's messages
  // Checks whose text on the same calls is appended (their finding was
  // folded into this one): a bit each, by index in AllChecks()
  // (AddFolded, FoldedChecks). Bits, not a list: every candidate and every
  // entry of a cause carries one, and almost all are empty.
  uint32_t folded = 0;
};

// What a check writes about one call or path.
struct FindingText {
  std::string message;
  std::vector<std::string> path;  // service display names, entry first
  std::string identity;
};

// What a finding of its own said about its call or path.
struct AffectedText {
  std::vector<std::string> path = {};  // service display names, entry first
  std::string message = {};
  std::string identity = {};  // the per-call or per-path identity (v1)
  std::vector<std::string> folded_checks = {};  // as Finding::folded_checks
};

// One call or path a cause affects: what a finding of its own would have said.
// Text left to its check (spelling.check set) is written by
// AnalysisContext::Spelled.
struct Affected {
  Location location = {};
  Tries tries = {};
  double bounded = 1;
  std::vector<int> calls = {};  // the call, or the path's calls
  Spelling spelling = {};
  // The text its finding had written, if any; never changed once grouped.
  // Held apart: most entries leave their text to their check, and a large
  // fleet's hundreds of thousands of entries do not each carry four empty
  // strings and lists.
  std::shared_ptr<const AffectedText> written = {};

  // The written text, or an empty one.
  const AffectedText& text() const {
    static const AffectedText kNothing;
    return written ? *written : kNothing;
  }
};

// What a finding is about, before its text is written: what candidates are
// ordered, folded and grouped by, and how their text is spelled later.
struct FindingCore {
  // Stable id: "retry-amplification"; a check's id(), which outlives it.
  std::string_view check;
  Severity severity = Severity::kError;
  Location location;  // the layer that causes it
  // The calls the arithmetic and related layers are spelled from once
  // findings are grouped (SpellPending): most candidates are absorbed into a
  // cause and never printed on their own, so they never pay for that text.
  enum class Pending { kNone, kCall, kPath };
  Pending pending = Pending::kNone;
  std::vector<int> pending_calls;
  // Set: message, path and identity are left to the check as well, spelled
  // from pending_calls (AnalysisContext::SpellText).
  Spelling spelling;
  // The numbers it is about: its path's (or call's) tries and bounded
  // product. diff reports a finding whose numbers rose as worsened.
  Tries tries;
  double bounded = 1;
  // What the finding is about, without line numbers: findings of one check
  // with the same cause are one finding (analyzer/analyze/causes.h). Empty:
  // a cause of its own. Held by the analysis that made it
  // (AnalysisContext::Cause).
  CauseName cause;
  const char* unit = "call";  // what `affected` counts: "call" or "path"
};

struct Finding : FindingCore {
  std::string message;            // one line, lower-case, with the numbers
  std::vector<std::string> path;  // service display names, entry first
  std::string arithmetic;         // the path or call arithmetic
  std::vector<Evidence> related;  // the path's other layers
  // Identity across commits: check, services and the causing layer's origin;
  // no line numbers, so unrelated edits do not move it.
  std::string identity;
  // The calls or paths the cause affects, worst first (this finding's own
  // first); empty when it affects only its own.
  std::vector<Affected> affected;
  // Checks whose finding on the same path was folded into this one
  // (undocumented-amplification into retry-amplification).
  std::vector<std::string> folded_checks;

  auto operator<=>(const Finding& other) const {
    return std::tie(location, check, message) <=>
           std::tie(other.location, other.check, other.message);
  }
  bool operator==(const Finding& other) const {
    return location == other.location && check == other.check &&
           message == other.message;
  }
};

// What a check emits about one call or path: a core whose text is left to
// its check, or a finding whose check wrote its text in Run. A large fleet's
// 1.3 million candidates are mostly the former, a core each rather than a
// whole finding; findings are made for the causes they group into.
struct Candidate : FindingCore {
  Candidate() = default;
  explicit Candidate(FindingCore core) : FindingCore(std::move(core)) {}
  explicit Candidate(Finding f)
      : written(std::make_unique<Finding>(std::move(f))) {}

  // The finding its check wrote; unset: the core above is all there is.
  std::unique_ptr<Finding> written;

  const FindingCore& core() const {
    return written ? *written : static_cast<const FindingCore&>(*this);
  }
  FindingCore& core() {
    return written ? *written : static_cast<FindingCore&>(*this);
  }
  // The finding, written or made from the core, to be changed in place.
  Finding& Written();
  // The finding, taken from the candidate.
  Finding Take() &&;
};

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_FINDING_H_
