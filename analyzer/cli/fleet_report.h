// What `ampcheck audit` and `ampcheck analyze` share after extraction:
// resolve, analyze, build the inventory, print it, choose the exit code.
// One function for both, so a sharded run prints byte for byte what an
// unsharded one prints.
#ifndef AMPCHECK_CLI_FLEET_REPORT_H_
#define AMPCHECK_CLI_FLEET_REPORT_H_

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "analyzer/cli/pipeline_options.h"
#include "analyzer/cli/pipeline_parts.h"

namespace ampcheck {

struct FleetReportFlags {
  std::string format = "text";
  ExitPolicy exit;
  std::string output;  // "" or "-": stdout
  std::string config;  // replaces the policy that travelled with the facts
  std::string istio_version;
  std::vector<std::string> disable;
};

// Adds --format, --fail-on, --input-errors, -o, --istio-version and --disable.
void AddFleetReportOptions(CLI::App* command, FleetReportFlags* flags);

// Checks the flags before any work: an unknown format or check is a usage
// error (message on stderr, false).
bool ValidateFleetReportFlags(const FleetReportFlags& flags);

int ReportFleet(FactsBundle bundle, const FleetReportFlags& flags);

// Inputs given on the command line plus those listed in a file (one path a
// line; blank lines and # comments ignored). False with a message on stderr
// when the list cannot be read.
bool CollectInputs(const std::vector<std::string>& inputs,
                   const std::string& list_file, std::vector<std::string>* out);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_FLEET_REPORT_H_
