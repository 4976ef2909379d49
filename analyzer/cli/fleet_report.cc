#include "analyzer/cli/fleet_report.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "analyzer/analyze/check.h"
#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"
#include "analyzer/cli/commands.h"
#include "analyzer/cli/pipeline_options.h"
#include "analyzer/discover/root_display.h"
#include "analyzer/report/inventory.h"

namespace ampcheck {

void AddFleetReportOptions(CLI::App* command, FleetReportFlags* flags) {
  command
      ->add_option("--format", flags->format,
                   "Output format: " + Join(InventoryFormats(), ", "))
      ->capture_default_str();
  AddExitPolicyOptions(command, &flags->exit);
  command->add_option("-o,--output", flags->output,
                      "Write the report to this file (default: stdout)");
  command->add_option("--istio-version", flags->istio_version,
                      "Istio version whose defaults apply (default: the "
                      "policy's mesh.istio_version, else the latest known)");
  command->add_option("--disable", flags->disable,
                      "Check ids to skip (repeatable)");
}

bool ValidateFleetReportFlags(const FleetReportFlags& flags) {
  std::vector<std::string> formats = InventoryFormats();
  if (std::find(formats.begin(), formats.end(), flags.format) ==
      formats.end()) {
    std::cerr << "ampcheck: unknown format '" << flags.format << "' (one of "
              << Join(formats, ", ") << ")\n";
    return false;
  }
  std::string error;
  if (!ValidateIstioVersion(flags.istio_version, &error)) {
    std::cerr << "ampcheck: " << error << "\n";
    return false;
  }
  for (const std::string& id : flags.disable) {
    if (!IsCheckId(id)) {
      std::cerr << "ampcheck: unknown check '" << id << "' (--list-checks)\n";
      return false;
    }
  }
  return true;
}

namespace {

// An input directory no file was read from (only skipped or unknown file
// types) is still a repository of the fleet: it is listed, not dropped.
void AddEmptyRoots(const FactsBundle& bundle, SourceSummary* sources) {
  if (bundle.roots.size() < 2) return;  // one input: its subdirectories
  std::string working_directory = WorkingDirectory();
  for (const std::string& input : bundle.roots) {
    // Named as its files are (root_display.h).
    std::string name = DisplayPrefix(input, working_directory);
    bool read = false;
    for (const FileFacts& f : bundle.facts) {
      read = name.empty() || f.file.rfind(name + "/", 0) == 0;
      if (read) break;
    }
    if (!read) sources->roots.push_back({name, 0, 0, {}});
  }
  std::sort(sources->roots.begin(), sources->roots.end(),
            [](const SourceSummary::Root& a, const SourceSummary::Root& b) {
              return a.path < b.path;
            });
}

}  // namespace

int ReportFleet(FactsBundle bundle, const FleetReportFlags& flags) {
  AnalyzeBundleOptions options;
  options.istio_version = flags.istio_version;
  for (const std::string& id : flags.disable)
    options.analyze.disabled_checks.insert(id);
  if (!flags.config.empty()) {
    std::ifstream in(flags.config, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
      std::cerr << "ampcheck: cannot read policy file " << flags.config << "\n";
      return kExitUsage;
    }
    options.policy = {flags.config, text.str()};
  }
  SourceSummary sources = SummarizeSources(bundle.facts);
  AddEmptyRoots(bundle, &sources);
  ScanResult result = AnalyzeBundle(std::move(bundle), options);
  Inventory inventory = BuildInventory(result.model, result.analysis, sources);

  std::ostringstream rendered;
  RenderInventory(flags.format, result.model, result.analysis, inventory,
                  rendered);
  return FinishReport(flags.output, rendered.str(), result, flags.exit);
}

bool CollectInputs(const std::vector<std::string>& inputs,
                   const std::string& list_file,
                   std::vector<std::string>* out) {
  *out = inputs;
  if (list_file.empty()) return true;
  std::ifstream in(list_file);
  if (!in) {
    std::cerr << "ampcheck: cannot read input list " << list_file << "\n";
    return false;
  }
  std::string line;
  while (std::getline(in, line)) {
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    out->push_back(line);
  }
  return true;
}

}  // namespace ampcheck
