#include "analyzer/cli/pipeline_options.h"

#include <fstream>
#include <iostream>

#include "analyzer/analyze/check.h"
#include "analyzer/base/stage_timer.h"
#include "analyzer/cli/commands.h"
#include "analyzer/resolve/istio_version.h"

namespace ampcheck {

void AddExtractionSettings(CLI::App* command, ScanOptions* scan) {
  command->add_option("--config", scan->config,
                      "Policy file (default: the nearest .ampcheck.yaml in a "
                      "scanned directory or its parents up to the repository "
                      "root; the current directory for - and files)");
  command->add_option("--rules", scan->rule_dirs,
                      "Extra directory of extraction rules (repeatable)");
  command->add_flag("--no-default-rules", scan->no_default_rules,
                    "Do not load the rules shipped with ampcheck");
  command
      ->add_option("-j,--jobs", scan->jobs,
                   "Threads for extraction and for the checks (default: the "
                   "CPUs of the affinity mask, capped by the cgroup quota)")
      ->check([](const std::string& value) {
        return value.rfind('-', 0) == 0
                   ? value +
                         " is negative; pass 0 (the cores this process "
                         "may use) or a number of threads"
                   : std::string();
      });
  command
      ->add_option("--max-file-size", scan->max_file_bytes,
                   "Skip files (and refuse standard input) larger than this "
                   "many bytes, with a diagnostic")
      ->capture_default_str();
  command->add_option("--exclude", scan->excludes,
                      "Gitignore pattern of paths not to read, relative to "
                      "each scanned directory (repeatable; adds to the "
                      "policy's exclude:)");
  command->add_flag("!--no-ignore", scan->ignore_files,
                    "Read files that .gitignore and .ignore files exclude");
  command->add_flag("!--no-render", scan->render,
                    "Run no renderer: each Helm chart and kustomize root is "
                    "one diagnostic with the command to render it (default: "
                    "render with helm and kustomize or kubectl when found)");
  command
      ->add_option("--stdin-filename", scan->stdin_name,
                   "Name of standard input in the output (its extension "
                   "chooses how it is read)")
      ->capture_default_str();
}

void AddPipelineOptions(CLI::App* command, PipelineFlags* flags) {
  AddExtractionSettings(command, &flags->scan);
  command->add_option("--istio-version", flags->scan.istio_version,
                      "Istio version whose defaults apply (default: the "
                      "policy's mesh.istio_version, else the latest known "
                      "release)");
  command->add_option("--disable", flags->disable,
                      "Check ids to skip (repeatable)");
}

void AddExitPolicyOptions(CLI::App* command, ExitPolicy* policy) {
  command
      ->add_option("--fail-on", policy->fail_on,
                   "Exit 1 when a finding is at or above this severity")
      ->check(CLI::IsMember({"error", "warning", "note", "never"}))
      ->capture_default_str();
  command
      ->add_option("--input-errors", policy->input_errors,
                   "fail: exit 3 when an input error (unreadable or "
                   "malformed file, policy error) leaves the analysis "
                   "incomplete; warn: report it, exit code unchanged")
      ->check(CLI::IsMember({"fail", "warn"}))
      ->capture_default_str();
}

bool ApplyDisabledChecks(PipelineFlags* flags, std::string* error) {
  for (const std::string& id : flags->disable) {
    if (!IsCheckId(id)) {
      *error = "unknown check '" + id + "' (ampcheck scan --list-checks)";
      return false;
    }
    flags->scan.analyze.disabled_checks.insert(id);
  }
  return true;
}

bool FailsAt(Severity severity, const std::string& fail_on) {
  int threshold = fail_on == "note"      ? 0
                  : fail_on == "warning" ? 1
                  : fail_on == "error"   ? 2
                                         : 3;
  return static_cast<int>(severity) >= threshold;
}

bool WriteOutput(const std::string& path, const std::string& text) {
  return WriteOutput(path, [&](std::ostream& out) { out << text; });
}

bool WriteOutput(const std::string& path,
                 const std::function<void(std::ostream&)>& write) {
  if (path.empty() || path == "-") {
    write(std::cout);
    std::cout.flush();
    return static_cast<bool>(std::cout);
  }
  std::ofstream out(path, std::ios::binary);
  write(out);
  out.flush();
  return static_cast<bool>(out);
}

bool ValidateIstioVersion(const std::string& version, std::string* error) {
  if (version.empty() || IstioVersion::Parse(version)) return true;
  *error = "unknown --istio-version '" + version +
           "' (a release such as 1.24 or 1.28.6; default " +
           kLatestIstioVersion + ")";
  return false;
}

bool ReadStandardInputIfNamed(ScanOptions* options, std::string* error) {
  bool named = false;
  for (const std::string& input : options->inputs) named |= input == "-";
  if (!named) return true;
  std::string content;
  char buffer[1 << 16];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    content.append(buffer, static_cast<size_t>(std::cin.gcount()));
    if (content.size() > options->max_file_bytes) {
      *error = "standard input is over the limit of " +
               std::to_string(options->max_file_bytes) +
               " bytes (--max-file-size)";
      return false;
    }
  }
  options->stdin_content =
      std::make_shared<const std::string>(std::move(content));
  return true;
}

int CountInputErrors(const Model& model) {
  int errors = 0;
  for (const Diagnostic& d : model.diagnostics)
    errors += d.severity == Severity::kError ? 1 : 0;
  return errors;
}

int InputExitCode(const ScanResult& result, const std::string& label) {
  // Nothing read because inputs failed (missing, unreadable): say so; nothing
  // read because nothing was of a known type: nothing to analyse.
  if (result.readable_files == 0 && CountInputErrors(result.model) > 0) {
    std::cerr << "ampcheck: " << label
              << "no readable input; pass a repository directory, manifest "
                 "files, or - with a YAML stream on standard input\n";
    return kExitUsage;
  }
  if (result.analysed_files == 0) {
    std::cerr << "ampcheck: " << label << "nothing to analyse: "
              << (result.stdin_problem.empty() ? ""
                                               : result.stdin_problem + "; ")
              << "no manifest, mesh or application config, or source file "
                 "in the inputs; pass a repository directory, manifest "
                 "files, or - with `kubectl get -A -o yaml` on standard "
                 "input\n";
    return kExitUsage;
  }
  return kExitClean;
}

int RunExitCode(const ScanResult& result, bool failing_findings,
                const ExitPolicy& policy) {
  if (int code = InputExitCode(result); code != kExitClean) return code;
  int errors = CountInputErrors(result.model);
  if (errors > 0 && policy.input_errors == "fail") {
    std::cerr << "ampcheck: analysis incomplete: " << errors << " input error"
              << (errors == 1 ? "" : "s")
              << " (see input problems); --input-errors warn reports them "
                 "without failing\n";
  }
  if (failing_findings) return kExitFindings;
  if (errors > 0 && policy.input_errors == "fail") return kExitIncomplete;
  return kExitClean;
}

int FinishReport(const std::string& output, const std::string& rendered,
                 const ScanResult& result, const ExitPolicy& policy) {
  return FinishReport(
      output, [&](std::ostream& out) { out << rendered; }, result, policy);
}

int FinishReport(const std::string& output,
                 const std::function<void(std::ostream&)>& render,
                 const ScanResult& result, const ExitPolicy& policy) {
  bool written;
  {
    StageTimer timer("report");
    written = WriteOutput(output, render);
  }
  if (!written) {
    std::cerr << "ampcheck: cannot write " << output << "\n";
    return kExitUsage;
  }
  bool failing = false;
  for (const Finding& f : result.analysis.findings)
    failing = failing || FailsAt(f.severity, policy.fail_on);
  return RunExitCode(result, failing, policy);
}

}  // namespace ampcheck
