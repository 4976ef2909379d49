// The options every command that runs the pipeline shares (scan, baseline,
// diff): policy file, Istio version, rules, jobs, disabled checks, --fail-on.
#ifndef AMPCHECK_CLI_PIPELINE_OPTIONS_H_
#define AMPCHECK_CLI_PIPELINE_OPTIONS_H_

#include <CLI/CLI.hpp>
#include <functional>
#include <ostream>
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

// When the run fails: --fail-on is about findings, --input-errors about
// error-level input problems (docs/exit-codes.md).
struct ExitPolicy {
  std::string fail_on = "error";      // error, warning, note, never
  std::string input_errors = "fail";  // fail, warn
};

// Adds --fail-on and --input-errors.
void AddExitPolicyOptions(CLI::App* command, ExitPolicy* policy);

// Checks --disable ids and copies them into the analyze options; false with a
// message for an unknown id.
bool ApplyDisabledChecks(PipelineFlags* flags, std::string* error);

// Checks --istio-version before any work: an unknown version given on the
// command line is a usage error (one in the policy file is an input error).
bool ValidateIstioVersion(const std::string& version, std::string* error);

// Reads standard input into options->stdin_content when "-" is an input,
// refusing more than --max-file-size bytes; false with *error otherwise.
bool ReadStandardInputIfNamed(ScanOptions* options, std::string* error);

// Whether a finding of this severity fails a run with this --fail-on.
bool FailsAt(Severity severity, const std::string& fail_on);

// Writes text to a file, or to stdout for "" and "-"; false on failure.
bool WriteOutput(const std::string& path, const std::string& text);
// The same, `write` writing straight to the file or stdout: a cluster's
// report is never held as one string.
bool WriteOutput(const std::string& path,
                 const std::function<void(std::ostream&)>& write);

// 2 with a message on stderr (prefixed by label, e.g. "base: ") when nothing
// was readable or nothing could be analysed; else 0.
int InputExitCode(const ScanResult& result, const std::string& label = "");

// Error-level input problems of a run (unreadable or malformed files, policy
// errors, unknown versions).
int CountInputErrors(const Model& model);

// The exit code once the report is written: 2 for nothing to analyse, 1 when
// `failing_findings`, 3 when an input error leaves the analysis incomplete and
// --input-errors is fail, else 0. Says why on stderr.
int RunExitCode(const ScanResult& result, bool failing_findings,
                const ExitPolicy& policy);

// The end of a run that printed a report: writes it to `output`, then gives
// RunExitCode with the findings at or above --fail-on (2 when the report
// cannot be written).
int FinishReport(const std::string& output, const std::string& rendered,
                 const ScanResult& result, const ExitPolicy& policy);
// The same, `render` writing the report straight to the output.
int FinishReport(const std::string& output,
                 const std::function<void(std::ostream&)>& render,
                 const ScanResult& result, const ExitPolicy& policy);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_PIPELINE_OPTIONS_H_
