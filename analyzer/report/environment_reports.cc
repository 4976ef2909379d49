#include "analyzer/report/environment_reports.h"

#include <nlohmann/json.hpp>

#include "analyzer/facts/content_hash.h"

namespace ampcheck {
namespace {

using nlohmann::json;

json Parse(const std::string& text) {
  return json::parse(text, nullptr, /*allow_exceptions=*/false);
}

std::string CombineJson(const std::vector<RenderedEnvironment>& all) {
  json out = {{"environments", json::array()}};
  for (const RenderedEnvironment& e : all) {
    out["environments"].push_back({{"name", e.name},
                                   {"directory", e.directory},
                                   {"report", Parse(e.report)}});
  }
  return out.dump(2) + "\n";
}

std::string CombineSarif(const std::vector<RenderedEnvironment>& all) {
  json log = Parse(all.front().report);
  json runs = json::array();
  for (const RenderedEnvironment& e : all) {
    json one = Parse(e.report);
    if (!one.is_object() || !one.contains("runs")) continue;
    for (json& run : one["runs"]) {
      // SARIF 2.1.0 3.17.4: runs of one tool over different targets.
      run["automationDetails"] = {{"id", "ampcheck/" + e.name + "/"}};
      runs.push_back(std::move(run));
    }
  }
  log["runs"] = std::move(runs);
  return log.dump(2) + "\n";
}

std::string CombineCodeQuality(const std::vector<RenderedEnvironment>& all) {
  json issues = json::array();
  for (const RenderedEnvironment& e : all) {
    json one = Parse(e.report);
    if (!one.is_array()) continue;
    for (json& issue : one) {
      // A shared file's finding is one issue per environment: its
      // fingerprint must tell them apart.
      std::string fingerprint = issue.value("fingerprint", "");
      issue["fingerprint"] =
          Sha256Hex(e.name + "\n" + fingerprint).substr(0, 32);
      issue["description"] =
          "[" + e.name + "] " + issue.value("description", "");
      issues.push_back(std::move(issue));
    }
  }
  return issues.dump(2) + "\n";
}

std::string CombineSections(const std::vector<RenderedEnvironment>& all,
                            bool markdown) {
  std::string out;
  for (size_t i = 0; i < all.size(); ++i) {
    const RenderedEnvironment& e = all[i];
    if (i) out += "\n";
    out += markdown
               ? "## Environment `" + e.name + "` (`" + e.directory + "`)\n\n"
               : "environment " + e.name + " (" + e.directory + "):\n\n";
    out += e.report;
  }
  return out;
}

}  // namespace

std::string CombineEnvironmentReports(
    const std::string& format,
    const std::vector<RenderedEnvironment>& environments) {
  if (environments.empty()) return "";
  if (format == "json") return CombineJson(environments);
  if (format == "sarif") return CombineSarif(environments);
  if (format == "codequality") return CombineCodeQuality(environments);
  return CombineSections(environments, format == "markdown");
}

}  // namespace ampcheck
