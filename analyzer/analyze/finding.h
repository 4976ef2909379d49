// The one findings model every output format prints.
#ifndef AMPCHECK_ANALYZE_FINDING_H_
#define AMPCHECK_ANALYZE_FINDING_H_

#include <string>
#include <vector>

#include "analyzer/base/layer.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

struct Finding {
  std::string check;  // stable id: "retry-amplification"
  Severity severity = Severity::kError;
  std::string message;            // one line, lower-case, with the numbers
  Location location;              // the layer that causes it
  std::vector<std::string> path;  // service display names, entry first
  std::string arithmetic;         // the path or call arithmetic
  std::vector<Evidence> related;  // the path's other layers
  // Identity across commits: check, services and the causing layer's origin;
  // no line numbers, so unrelated edits do not move it.
  std::string identity;
  // The numbers it is about: its path's (or call's) tries and bounded
  // product. diff reports a finding whose numbers rose as worsened.
  Tries tries;
  double bounded = 1;

  auto operator<=>(const Finding& other) const {
    return std::tie(location, check, message) <=>
           std::tie(other.location, other.check, other.message);
  }
  bool operator==(const Finding& other) const {
    return location == other.location && check == other.check &&
           message == other.message;
  }
};

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_FINDING_H_
