// ampcheck audit: many repositories and exported manifests as one fleet, one
// call graph; prints the inventory (layers per service with evidence, calls
// with more than one retrying layer, worst paths in and out, missing
// timeouts, sources no service was identified for).
#include "analyzer/cli/commands.h"
#include "analyzer/cli/extraction_flags.h"
#include "analyzer/cli/fleet_report.h"

namespace ampcheck {
namespace {

struct AuditFlags {
  ExtractionFlags extraction;
  FleetReportFlags report;
};

int RunAuditCommand(const AuditFlags& flags) {
  if (!ValidateFleetReportFlags(flags.report)) return kExitUsage;
  FactsBundle bundle;
  if (!ExtractShard(flags.extraction, 0, 1, &bundle)) return kExitUsage;
  return ReportFleet(std::move(bundle), flags.report);
}

}  // namespace

void AddAuditCommand(CLI::App* app, Command* run) {
  auto flags = std::make_shared<AuditFlags>();
  CLI::App* audit = app->add_subcommand(
      "audit",
      "Audit a whole fleet (many repositories plus exported manifests) as one "
      "call graph; print the per-service inventory of retry layers");
  AddExtractionOptions(audit, &flags->extraction);
  AddFleetReportOptions(audit, &flags->report);
  audit->callback(
      [flags, run] { *run = [flags] { return RunAuditCommand(*flags); }; });
}

}  // namespace ampcheck
