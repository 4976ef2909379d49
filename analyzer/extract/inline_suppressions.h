// `ampcheck:ignore <check-id> <reason>` comments, read from every file ampcheck
// extracts (source in every language, YAML, config): the suppression next to
// the code, as `# nosemgrep` and `NOLINT` are.
#ifndef AMPCHECK_EXTRACT_INLINE_SUPPRESSIONS_H_
#define AMPCHECK_EXTRACT_INLINE_SUPPRESSIONS_H_

#include <string_view>

#include "analyzer/facts/facts.h"

namespace ampcheck {

// Appends one InlineSuppressionFact per well-formed comment to
// facts->inline_suppressions and a warning diagnostic per malformed one (no
// check id, or no reason): that one suppresses nothing. A comment counts
// after `//`, `#`, `/*`, `<!--`, or a `*` that continues a block comment.
// It applies to its own line when code precedes it there, else to the next
// line that is neither blank nor a comment.
void ReadInlineSuppressions(const std::string& file, std::string_view content,
                            FileFacts* facts);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_INLINE_SUPPRESSIONS_H_
