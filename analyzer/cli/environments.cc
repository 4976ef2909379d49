#include "analyzer/cli/environments.h"

#include <set>

#include "analyzer/base/paths.h"
#include "analyzer/cli/pipeline_parts.h"
#include "analyzer/discover/rendered_documents.h"

namespace ampcheck {

std::vector<Environment> CollectEnvironments(
    const std::vector<std::string>& from_flags,
    const std::vector<EnvironmentSetting>& from_policy,
    const std::string& policy_directory) {
  std::vector<Environment> out;
  std::set<std::string> seen;
  auto add = [&](const std::string& directory, const std::string& path,
                 std::string name, const Location& location) {
    std::string absolute = AbsolutePath(path);
    if (!seen.insert(absolute).second) return;
    if (name.empty()) name = BaseName(NormalPath(directory));
    out.push_back({name, NormalPath(directory), absolute, location});
  };
  for (const std::string& directory : from_flags)
    add(directory, directory, "", {});
  for (const EnvironmentSetting& e : from_policy) {
    add(e.path, JoinPath(policy_directory, e.path), e.name, e.location);
  }
  // Two environments of one name (deploy/a/prod, deploy/b/prod): their
  // directories tell them apart.
  std::multiset<std::string> names;
  for (const Environment& e : out) names.insert(e.name);
  for (Environment& e : out) {
    if (names.count(e.name) > 1) e.name = e.directory;
  }
  return out;
}

Discovery EnvironmentDiscovery(const Discovery& all,
                               const std::vector<Environment>& environments,
                               size_t index) {
  Discovery out = all;
  out.files.clear();
  int elsewhere = 0;
  for (const DiscoveredFile& file : all.files) {
    bool other = false;
    if (file.path != "-") {
      std::string absolute = AbsolutePath(file.path);
      for (size_t i = 0; i < environments.size() && !other; ++i) {
        other =
            i != index && IsUnder(absolute, environments[i].absolute) &&
            !IsUnder(environments[index].absolute, environments[i].absolute);
      }
    }
    if (other) {
      ++elsewhere;
    } else {
      out.files.push_back(file);
    }
  }
  if (elsewhere > 0) out.skipped["in another environment"] += elsewhere;
  return out;
}

std::vector<EnvironmentScan> RunEnvironmentScans(const FileSystem& fs,
                                                 ScanOptions options) {
  FleetPlan plan = PlanFleet(fs, options);
  // The plan holds standard input now: with no environments, the scan frees
  // it once extracted.
  options.stdin_content.reset();
  if (plan.usage_error) {
    ScanResult result;
    result.usage_error = true;
    result.usage_message = plan.usage_message;
    return {{Environment{}, std::move(result)}};
  }
  std::vector<Environment> environments =
      CollectEnvironments(options.environments, plan.policy_environments,
                          ParentPath(plan.policy_path));
  std::vector<EnvironmentScan> scans;
  if (environments.empty()) {
    // Not a braced list: that would copy the whole model and analysis.
    scans.push_back({Environment{}, ScanPlan(fs, &plan, options)});
    return scans;
  }
  const Discovery all = std::move(plan.discovery);
  const std::vector<Diagnostic> plan_diagnostics = plan.diagnostics;
  for (size_t i = 0; i < environments.size(); ++i) {
    plan.discovery = EnvironmentDiscovery(all, environments, i);
    plan.diagnostics = plan_diagnostics;
    bool holds_files = false;
    for (const DiscoveredFile& file : plan.discovery.files) {
      holds_files = holds_files ||
                    (file.path != "-" && IsUnder(AbsolutePath(file.path),
                                                 environments[i].absolute));
    }
    if (!holds_files) {
      Location at = environments[i].location.known()
                        ? environments[i].location
                        : Location{environments[i].directory, 0};
      plan.diagnostics.push_back({at,
                                  "environment " + environments[i].name +
                                      ": no scanned file lies "
                                      "under " +
                                      environments[i].directory,
                                  Severity::kError});
    }
    scans.push_back({environments[i], ScanPlan(fs, &plan, options)});
  }
  return scans;
}

ScanResult CombinedForExit(const std::vector<EnvironmentScan>& scans) {
  ScanResult combined;
  for (const EnvironmentScan& scan : scans) {
    const ScanResult& r = scan.result;
    combined.readable_files += r.readable_files;
    combined.analysed_files += r.analysed_files;
    if (combined.stdin_problem.empty())
      combined.stdin_problem = r.stdin_problem;
    combined.model.diagnostics.insert(combined.model.diagnostics.end(),
                                      r.model.diagnostics.begin(),
                                      r.model.diagnostics.end());
    combined.analysis.findings.insert(combined.analysis.findings.end(),
                                      r.analysis.findings.begin(),
                                      r.analysis.findings.end());
  }
  return combined;
}

}  // namespace ampcheck
