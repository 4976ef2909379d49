#include "analyzer/analyze/analyzer.h"

#include <algorithm>

#include "analyzer/analyze/check.h"

namespace ampcheck {
namespace {

const Suppression* Suppressing(const Finding& finding, const Model& model) {
  for (const Suppression& s : model.suppressions) {
    if (s.check != finding.check && s.check != "*") continue;
    if (s.service.empty()) return &s;
    for (const std::string& name : finding.path) {
      if (name == s.service) return &s;
    }
  }
  return nullptr;
}

}  // namespace

Analysis Analyze(const Model& model, const AnalyzeOptions& options) {
  Analysis analysis;
  analysis.graph = AnalyzeGraph(model);
  AnalysisContext context(model, analysis.graph);
  std::vector<Finding> findings;
  for (const auto& check : AllChecks()) {
    if (options.disabled_checks.count(check->id())) continue;
    check->Run(context, &findings);
  }
  std::sort(findings.begin(), findings.end());
  findings.erase(std::unique(findings.begin(), findings.end()), findings.end());
  for (Finding& f : findings) {
    if (const Suppression* s = Suppressing(f, model)) {
      analysis.suppressed.emplace_back(std::move(f), *s);
    } else {
      analysis.findings.push_back(std::move(f));
    }
  }
  return analysis;
}

}  // namespace ampcheck
