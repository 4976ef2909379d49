// The options every command that runs the pipeline shares (scan, baseline,
// diff): policy file, Istio version, rules, jobs, disabled checks, --fail-on.
#ifndef AMPCHECK_CLI_PIPELINE_OPTIONS_H_
#define AMPCHECK_CLI_PIPELINE_OPTIONS_H_

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "analyzer/analyze/finding.h"
#include "analyzer/cli/scan.h"

namespace ampcheck {

struct PipelineFlags {
  ScanOptions scan;
  std::vector<std::string> disable;
};

// Adds what extraction needs: --config, --rules, --no-default-rules, --jobs,
// --max-file-size.
void AddExtractionSettings(CLI::App* command, ScanOptions* scan);

// Adds the extraction settings, --istio-version and --disable.
void AddPipelineOptions(CLI::App* command, PipelineFlags* flags);

// Adds --fail-on (error, warning, note, never; default error).
void AddFailOnOption(CLI::App* command, std::string* fail_on);

// Checks --disable ids and copies them into the analyze options; false with a
// message for an unknown id.
bool ApplyDisabledChecks(PipelineFlags* flags, std::string* error);

// Whether a finding of this severity fails a run with this --fail-on.
bool FailsAt(Severity severity, const std::string& fail_on);

// Writes text to a file, or to stdout for "" and "-"; false on failure.
bool WriteOutput(const std::string& path, const std::string& text);

// The end of a run that printed a report: writes it to `output`, then gives
// the exit code: 2 when it cannot be written or no input was readable, 1 when
// a finding is at or above --fail-on, else 0.
int FinishReport(const std::string& output, const std::string& rendered,
                 const ScanResult& result, const std::string& fail_on);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_PIPELINE_OPTIONS_H_
