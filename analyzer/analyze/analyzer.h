// analyze: the model's products, bounds and findings.
#ifndef AMPCHECK_ANALYZE_ANALYZER_H_
#define AMPCHECK_ANALYZE_ANALYZER_H_

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "analyzer/analyze/finding.h"
#include "analyzer/analyze/graph.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

struct AnalyzeOptions {
  std::set<std::string> disabled_checks;
  int threads = 0;  // checks run in parallel on this many; 0 = all cores
};

struct Analysis {
  GraphAnalysis graph;
  std::vector<Finding> findings;  // sorted, suppressions applied
  // Findings a policy suppression removed, with the suppression that did.
  std::vector<std::pair<Finding, Suppression>> suppressed;
  // The causes its findings name.
  std::shared_ptr<const CauseNames> cause_names;
};

Analysis Analyze(const Model& model, const AnalyzeOptions& options);

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_ANALYZER_H_
