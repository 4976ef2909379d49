// Two analyses of the same fleet, before (base) and after (head) a change:
// the paths whose tries changed with the layers that moved them, and the
// findings the change adds and fixes (matched by Finding::identity).
#ifndef AMPCHECK_ANALYZE_DIFF_H_
#define AMPCHECK_ANALYZE_DIFF_H_

#include <optional>
#include <string>
#include <vector>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

struct FleetSide {
  const Model& model;
  const Analysis& analysis;
};

enum class LayerChangeKind { kAdded, kRemoved, kChanged };

struct LayerChange {
  LayerChangeKind kind = LayerChangeKind::kAdded;
  std::string call;             // "checkout->pricing"
  std::optional<Layer> before;  // removed, changed
  std::optional<Layer> after;   // added, changed
};

// The worst path ending with one call (caller -> callee), on each side.
struct PathChange {
  std::vector<std::string> names;  // head's path, else base's
  std::vector<int> base_calls;     // empty: no such call before
  std::vector<int> head_calls;     // empty: no such call after
  Tries before;
  Tries after;
  std::vector<LayerChange> layers;  // along both paths, in path order
  // Retrying layers on the head path that did not change: what the change
  // comes on top of.
  std::vector<Layer> unchanged;

  bool added() const { return base_calls.empty(); }
  bool removed() const { return head_calls.empty(); }
};

// A finding in both, whose tries, bounded product or severity rose.
struct WorsenedFinding {
  Finding before;
  Finding after;
  // "36 -> 48 tries", "bounded 9 -> 12", "warning -> error", joined by "; ".
  std::string how;
};

struct FleetDiff {
  std::vector<PathChange> paths;          // most tries after first
  std::vector<Finding> added;             // in head, not in base
  std::vector<WorsenedFinding> worsened;  // in both, worse in head
  std::vector<Finding> fixed;             // in base, not in head
  size_t kept = 0;                        // findings in both, worsened or not
};

FleetDiff DiffFleets(const FleetSide& base, const FleetSide& head);

// "client retries added at checkout/client.go:41 (3 tries, shared HTTP
// wrapper) on top of the mesh retries of Istio 1.21 default": why a path's
// tries changed, in one sentence (no trailing period).
std::string DescribePathChange(const PathChange& change);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_DIFF_H_
