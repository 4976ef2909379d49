#include "analyzer/cli/command_suggestion.h"

#include <algorithm>

namespace ampcheck {

int EditDistance(const std::string& a, const std::string& b) {
  const size_t n = a.size(), m = b.size();
  // d[i][j]: distance between the first i characters of a and j of b.
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      int substitution = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

std::string ClosestName(const std::string& typed,
                        const std::vector<std::string>& candidates) {
  constexpr int kMaxEdits = 2;
  std::string best;
  int best_distance = kMaxEdits + 1;
  for (const std::string& candidate : candidates) {
    int distance = EditDistance(typed, candidate);
    if (distance < best_distance && distance < static_cast<int>(typed.size())) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace ampcheck
