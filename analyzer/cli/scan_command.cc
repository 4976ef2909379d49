// ampcheck scan: analyze a fleet and print the report.
#include <iostream>
#include <memory>
#include <sstream>

#include "analyzer/analyze/baseline.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/cli/commands.h"
#include "analyzer/cli/pipeline_options.h"
#include "analyzer/cli/repository_prefix.h"
#include "analyzer/cli/scan.h"
#include "analyzer/report/reporter.h"
#include "analyzer/report/sarif_report.h"

namespace ampcheck {
namespace {

struct ScanFlags {
  PipelineFlags pipeline;
  std::string format = "text";
  ExitPolicy exit;
  std::string output;
  std::string baseline;
  SarifOptions sarif;
  size_t max_paths = 20;
  bool verbose = false;
  bool list_checks = false;
};

int RunScanCommand(ScanFlags flags) {
  if (flags.list_checks) {
    for (const auto& check : AllChecks()) {
      std::cout << check->id() << " (" << SeverityName(check->severity())
                << "): " << check->summary() << "\n";
    }
    return kExitClean;
  }
  std::unique_ptr<Reporter> reporter = MakeReporter(flags.format);
  if (!reporter) {
    std::cerr << "ampcheck: unknown format '" << flags.format << "' (one of "
              << Join(ReportFormats(), ", ") << ")\n";
    return kExitUsage;
  }
  std::string error;
  if (!ApplyDisabledChecks(&flags.pipeline, &error)) {
    std::cerr << "ampcheck: " << error << "\n";
    return kExitUsage;
  }
  ScanOptions options = flags.pipeline.scan;
  if (!ValidateIstioVersion(options.istio_version, &error) ||
      !ReadStandardInputIfNamed(&options, &error)) {
    std::cerr << "ampcheck: " << error << "\n";
    return kExitUsage;
  }
  DiskFileSystem fs;
  ScanResult result = RunScan(fs, options);
  if (result.usage_error) {
    std::cerr << "ampcheck: " << result.usage_message << "\n";
    return kExitUsage;
  }
  std::optional<Baseline> baseline;
  if (!flags.baseline.empty()) {
    std::string content, error;
    Diagnostic problem;
    baseline.emplace();
    if (!fs.ReadFile(flags.baseline, options.max_file_bytes, &content,
                     &error)) {
      std::cerr << "ampcheck: cannot read baseline " << flags.baseline << ": "
                << error << "\n";
      return kExitUsage;
    }
    if (!ParseBaseline(flags.baseline, content, &*baseline, &problem)) {
      std::cerr << problem.location.ToString() << ": error: " << problem.message
                << "\n";
      return kExitUsage;
    }
  }
  ReconcileAccepted(baseline ? &*baseline : nullptr,
                    options.analyze.disabled_checks, &result.model,
                    &result.analysis);
  ReportOptions report_options;
  report_options.sarif = flags.sarif;
  // SARIF and Code Quality: relative to the repository root (uriBaseId
  // %SRCROOT%), whatever directory was scanned.
  if (report_options.sarif.uri_prefix.empty()) {
    report_options.sarif.uri_prefix =
        RepositoryPrefix(fs, DisplayBase(fs, options.inputs));
  }
  report_options.max_paths = flags.max_paths;
  report_options.verbose = flags.verbose;
  std::ostringstream rendered;
  reporter->Render(result.model, result.analysis, report_options, rendered);
  return FinishReport(flags.output, rendered.str(), result, flags.exit);
}

}  // namespace

void AddScanCommand(CLI::App* app, Command* run) {
  auto flags = std::make_shared<ScanFlags>();
  CLI::App* scan =
      app->add_subcommand("scan",
                          "Analyze manifests, mesh config and source; print "
                          "the worst-case tries of every path and findings");
  scan->add_option(
      "inputs", flags->pipeline.scan.inputs,
      "Directories (recursive), files, or - for standard input (YAML stream)");
  scan->add_option("--format", flags->format,
                   "Output format: " + Join(ReportFormats(), ", "))
      ->capture_default_str();
  AddExitPolicyOptions(scan, &flags->exit);
  scan->add_option("-o,--output", flags->output,
                   "Write the report to this file (default: stdout)");
  scan->add_option("--baseline", flags->baseline,
                   "Baseline file (ampcheck baseline): its findings are "
                   "accepted, stale entries reported");
  scan->add_option("--sarif-help-base", flags->sarif.help_base,
                   "SARIF: base URL of the checks' docs pages (default: " +
                       std::string(kDefaultSarifHelpBase) + ")");
  scan->add_option("--sarif-uri-prefix", flags->sarif.uri_prefix,
                   "SARIF and Code Quality: prepended to every file path "
                   "(default: the scanned directory relative to the git "
                   "toplevel)");
  AddPipelineOptions(scan, &flags->pipeline);
  scan->add_option("--max-paths", flags->max_paths,
                   "Text: worst paths listed (0 = all)")
      ->capture_default_str();
  scan->add_flag("-v,--verbose", flags->verbose,
                 "Text: every call with its layers and evidence, and each "
                 "service's membership");
  scan->add_flag("--list-checks", flags->list_checks,
                 "List the checks and exit");
  scan->callback(
      [flags, run] { *run = [flags] { return RunScanCommand(*flags); }; });
}

}  // namespace ampcheck
