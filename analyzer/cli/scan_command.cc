// ampcheck scan: analyze a fleet and print the report.
#include <iostream>
#include <memory>
#include <sstream>

#include "analyzer/analyze/baseline.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/base/threads.h"
#include "analyzer/cli/commands.h"
#include "analyzer/cli/environments.h"
#include "analyzer/cli/pipeline_options.h"
#include "analyzer/cli/repository_root.h"
#include "analyzer/cli/scan.h"
#include "analyzer/cli/text_output.h"
#include "analyzer/discover/root_display.h"
#include "analyzer/report/environment_reports.h"
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
  TextOutputFlags text;
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
  // Left for the process's exit to free, as compilers leave their ASTs:
  // freeing a cluster dump's services, calls and findings one by one costs
  // a twentieth of its scan. Reachable, so leak checkers stay quiet.
  static auto* const kept_scans = new std::vector<EnvironmentScan>;
  std::vector<EnvironmentScan>& scans = *kept_scans;
  {
    // Handed over, so that standard input does not outlive its extraction.
    ScanOptions scanned = options;
    options.stdin_content.reset();
    scans = RunEnvironmentScans(fs, std::move(scanned));
  }
  if (scans.size() == 1 && scans[0].result.usage_error) {
    std::cerr << "ampcheck: " << scans[0].result.usage_message << "\n";
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
  ReportOptions report_options;
  report_options.sarif = flags.sarif;
  // SARIF and Code Quality: relative to the repository root (uriBaseId
  // %SRCROOT%), whatever directory was scanned from.
  std::string cwd = WorkingDirectory();
  report_options.sarif.base_directory = cwd;
  report_options.sarif.repository_root =
      RepositoryRoot(fs, InputDirectory(fs, options.inputs, cwd));
  report_options.max_paths = flags.max_paths;
  report_options.verbose = flags.verbose;
  report_options.threads = ThreadCount(options.jobs);
  ApplyTextOutput(flags.text, DetectOutputTerminal(flags.output),
                  &report_options);
  for (EnvironmentScan& scan : scans) {
    ReconcileAccepted(baseline ? &*baseline : nullptr,
                      options.analyze.disabled_checks, &scan.result.model,
                      &scan.result.analysis);
  }
  if (scans.size() == 1 && scans[0].environment.name.empty()) {
    // Straight to the output: a cluster's JSON report is tens of megabytes.
    const ScanResult& result = scans[0].result;
    return FinishReport(
        flags.output,
        [&](std::ostream& out) {
          reporter->Render(result.model, result.analysis, report_options, out);
        },
        result, flags.exit);
  }
  std::vector<RenderedEnvironment> rendered;
  for (EnvironmentScan& scan : scans) {
    std::ostringstream out;
    reporter->Render(scan.result.model, scan.result.analysis, report_options,
                     out);
    rendered.push_back({scan.environment.name, scan.environment.directory,
                        std::move(out).str()});
  }
  return FinishReport(flags.output,
                      CombineEnvironmentReports(flags.format, rendered),
                      CombinedForExit(scans), flags.exit);
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
                   "SARIF and text: base URL of the checks' docs pages "
                   "(default: " +
                       std::string(kDefaultSarifHelpBase) + ")");
  scan->add_option("--sarif-uri-prefix", flags->sarif.uri_prefix,
                   "SARIF and Code Quality: prepended to every file path "
                   "(default: the scanned directory relative to the git "
                   "toplevel)");
  AddPipelineOptions(scan, &flags->pipeline);
  scan->add_option("--environment", flags->pipeline.scan.environments,
                   "Directory holding one alternative state of the fleet "
                   "(repeatable): each is analysed as its own graph, with "
                   "the files under no environment (default: none; adds to "
                   "the policy's environments:)");
  scan->add_option("--max-paths", flags->max_paths,
                   "Text: worst paths listed (0 = all)")
      ->capture_default_str();
  scan->add_flag("-v,--verbose", flags->verbose,
                 "Text: every call with its layers and evidence, and each "
                 "service's membership");
  AddTextOutputOptions(scan, &flags->text);
  scan->add_flag("--list-checks", flags->list_checks,
                 "List the checks and exit");
  scan->callback(
      [flags, run] { *run = [flags] { return RunScanCommand(*flags); }; });
}

}  // namespace ampcheck
