// "did you mean": the known name closest to a mistyped one.
#ifndef AMPCHECK_CLI_COMMAND_SUGGESTION_H_
#define AMPCHECK_CLI_COMMAND_SUGGESTION_H_

#include <string>
#include <vector>

namespace ampcheck {

// Optimal string alignment distance (Damerau-Levenshtein without repeated
// edits of one substring): insertions, deletions, substitutions and swaps
// of two adjacent characters cost 1 each, so "scna" is 1 from "scan".
int EditDistance(const std::string& a, const std::string& b);

// The candidate nearest to `typed` when it is at most 2 edits away (and
// fewer than its own length, so that "x" suggests nothing); "" otherwise.
// The first candidate wins a tie.
std::string ClosestName(const std::string& typed,
                        const std::vector<std::string>& candidates);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_COMMAND_SUGGESTION_H_
