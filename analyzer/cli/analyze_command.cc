// ampcheck analyze: merge the facts files of every shard (ampcheck extract)
// and print the same report an unsharded `ampcheck audit` prints. The
// policy file travels inside the facts; --config replaces it.
#include <fstream>
#include <iostream>
#include <sstream>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/facts_bundle.h"
#include "analyzer/cli/fleet_report.h"

namespace ampcheck {
namespace {

struct AnalyzeFlags {
  std::vector<std::string> facts_files;
  FleetReportFlags report;
};

int RunAnalyzeCommand(const AnalyzeFlags& flags) {
  if (!ValidateFleetReportFlags(flags.report)) return kExitUsage;
  if (flags.facts_files.empty()) {
    std::cerr << "ampcheck: no facts files (written by ampcheck extract)\n";
    return kExitUsage;
  }
  std::vector<FactsBundle> shards;
  for (const std::string& file : flags.facts_files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
      std::cerr << "ampcheck: cannot read " << file << "\n";
      return kExitUsage;
    }
    std::string error;
    if (!ReadBundle(file, text.str(), &shards.emplace_back(), &error)) {
      std::cerr << "ampcheck: " << error << "\n";
      return kExitUsage;
    }
  }
  FactsBundle merged;
  std::string error;
  if (!MergeBundles(std::move(shards), &merged, &error)) {
    std::cerr << "ampcheck: " << error << "\n";
    return kExitUsage;
  }
  return ReportFleet(std::move(merged), flags.report);
}

}  // namespace

void AddAnalyzeCommand(CLI::App* app, Command* run) {
  auto flags = std::make_shared<AnalyzeFlags>();
  CLI::App* analyze = app->add_subcommand(
      "analyze",
      "Merge the facts files of every shard and print the fleet inventory");
  analyze->add_option("facts", flags->facts_files,
                      "Facts files written by ampcheck extract (all shards)");
  analyze->add_option("--config", flags->report.config,
                      "Policy file replacing the one stored in the facts");
  AddFleetReportOptions(analyze, &flags->report);
  analyze->callback(
      [flags, run] { *run = [flags] { return RunAnalyzeCommand(*flags); }; });
}

}  // namespace ampcheck
