// ampcheck checks: the checks with their severity and one-line summary.
// ampcheck explain <check>: a check's page (docs/checks/<id>.md), shipped
// next to the rules.
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/cli/command_suggestion.h"
#include "analyzer/cli/commands.h"
#include "analyzer/cli/docs_directory.h"

namespace ampcheck {
namespace {

std::vector<std::string> CheckIds() {
  std::vector<std::string> ids;
  for (const auto& check : AllChecks()) ids.push_back(check->id());
  return ids;
}

int RunChecksCommand(const std::string& format) {
  if (format == "text") {
    for (const auto& check : AllChecks()) {
      std::cout << check->id() << " (" << SeverityName(check->severity())
                << "): " << check->summary() << "\n";
    }
    return kExitClean;
  }
  if (format != "json") {
    std::cerr << "ampcheck: unknown checks format '" << format
              << "' (one of text, json)\n";
    return kExitUsage;
  }
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& check : AllChecks()) {
    list.push_back({{"id", check->id()},
                    {"severity", SeverityName(check->severity())},
                    {"summary", check->summary()}});
  }
  std::cout << list.dump(2) << "\n";
  return kExitClean;
}

int RunExplainCommand(const std::string& id) {
  if (!IsCheckId(id)) {
    std::string closest = ClosestName(id, CheckIds());
    std::cerr << "ampcheck: unknown check '" << id << "'"
              << (closest.empty() ? "" : ", did you mean '" + closest + "'?")
              << " (ampcheck checks lists them)\n";
    return kExitUsage;
  }
  DiskFileSystem fs;
  std::vector<std::string> candidates = ProcessCheckDocsCandidates();
  std::string page = FindCheckPage(fs, candidates, id);
  std::string content, error;
  if (page.empty() || !fs.ReadFile(page, 1 << 20, &content, &error)) {
    std::cerr << "ampcheck: cannot find the page of " << id << " (looked for "
              << id << ".md in " << Join(candidates, ", ")
              << "); install with cmake --install or set AMPCHECK_DOCS_DIR\n";
    return kExitUsage;
  }
  std::cout << content;
  if (!content.empty() && content.back() != '\n') std::cout << "\n";
  return kExitClean;
}

}  // namespace

void AddChecksCommand(CLI::App* app, Command* run) {
  auto format = std::make_shared<std::string>("text");
  CLI::App* checks = app->add_subcommand(
      "checks", "List the checks: id, severity and a one-line summary");
  checks->add_option("--format", *format, "Output format: text, json")
      ->capture_default_str();
  checks->callback(
      [format, run] { *run = [format] { return RunChecksCommand(*format); }; });
}

void AddExplainCommand(CLI::App* app, Command* run) {
  auto id = std::make_shared<std::string>();
  CLI::App* explain = app->add_subcommand(
      "explain", "Print a check's page: what it finds, why, and the fix");
  explain->add_option("check", *id, "Check id (ampcheck checks lists them)")
      ->required();
  explain->callback(
      [id, run] { *run = [id] { return RunExplainCommand(*id); }; });
}

}  // namespace ampcheck
