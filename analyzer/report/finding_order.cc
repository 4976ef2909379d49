#include "analyzer/report/finding_order.h"

#include <algorithm>

namespace ampcheck {

bool WorseFirst(const Finding& a, const Finding& b) {
  if (a.severity != b.severity) return a.severity > b.severity;
  // A cause that affects more calls or paths first.
  size_t a_count = std::max<size_t>(1, a.affected.size());
  size_t b_count = std::max<size_t>(1, b.affected.size());
  if (a_count != b_count) return a_count > b_count;
  if (a.tries != b.tries) return a.tries > b.tries;
  if (a.bounded != b.bounded) return a.bounded > b.bounded;
  if (a.identity != b.identity) return a.identity < b.identity;
  return a < b;
}

std::vector<const Finding*> WorstFirst(const std::vector<Finding>& findings,
                                       Severity least) {
  std::vector<const Finding*> order;
  for (const Finding& f : findings) {
    if (f.severity >= least) order.push_back(&f);
  }
  std::sort(order.begin(), order.end(), [](const Finding* a, const Finding* b) {
    return WorseFirst(*a, *b);
  });
  return order;
}

}  // namespace ampcheck
