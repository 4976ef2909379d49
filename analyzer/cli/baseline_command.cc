// ampcheck baseline: accept the findings a fleet has today. Writes them to a
// baseline file that `scan --baseline` subtracts, so that only new findings
// fail the build.
#include <iostream>
#include <memory>

#include "analyzer/analyze/baseline.h"
#include "analyzer/cli/commands.h"
#include "analyzer/cli/pipeline_options.h"

namespace ampcheck {
namespace {

struct BaselineFlags {
  PipelineFlags pipeline;
  std::string output = kDefaultBaselineFile;
};

int RunBaselineCommand(BaselineFlags flags) {
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
  if (int code = InputExitCode(result); code != kExitClean) return code;
  if (!WriteOutput(flags.output, BaselineText(result.analysis.findings))) {
    std::cerr << "ampcheck: cannot write " << flags.output << "\n";
    return kExitUsage;
  }
  if (flags.output != "-") {
    std::cerr << "ampcheck: wrote " << result.analysis.findings.size()
              << " accepted finding"
              << (result.analysis.findings.size() == 1 ? "" : "s") << " to "
              << flags.output << "\n";
  }
  return kExitClean;
}

}  // namespace

void AddBaselineCommand(CLI::App* app, Command* run) {
  auto flags = std::make_shared<BaselineFlags>();
  CLI::App* baseline = app->add_subcommand(
      "baseline",
      "Accept today's findings: write them to a baseline file that scan "
      "--baseline subtracts");
  baseline->add_option("inputs", flags->pipeline.scan.inputs,
                       "Directories (recursive) or files");
  baseline
      ->add_option("-o,--output", flags->output,
                   "Baseline file to write (- for stdout)")
      ->capture_default_str();
  AddPipelineOptions(baseline, &flags->pipeline);
  baseline->callback(
      [flags, run] { *run = [flags] { return RunBaselineCommand(*flags); }; });
}

}  // namespace ampcheck
