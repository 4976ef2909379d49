#include "analyzer/cli/pipeline_options.h"

#include <fstream>
#include <iostream>

#include "analyzer/analyze/check.h"
#include "analyzer/cli/commands.h"

namespace ampcheck {

void AddExtractionSettings(CLI::App* command, ScanOptions* scan) {
  command->add_option("--config", scan->config,
                      "Policy file (default: .ampcheck.yaml at the root of a "
                      "scanned directory)");
  command->add_option("--rules", scan->rule_dirs,
                      "Extra directory of extraction rules (repeatable)");
  command->add_flag("--no-default-rules", scan->no_default_rules,
                    "Do not load the rules shipped with ampcheck");
  command->add_option("-j,--jobs", scan->jobs,
                      "Threads for extraction and for the checks (default: all "
                      "cores)");
  command
      ->add_option("--max-file-size", scan->max_file_bytes,
                   "Skip files larger than this many bytes, with a diagnostic")
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

void AddFailOnOption(CLI::App* command, std::string* fail_on) {
  command
      ->add_option("--fail-on", *fail_on,
                   "Exit 1 when a finding is at or above this severity")
      ->check(CLI::IsMember({"error", "warning", "note", "never"}))
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
  if (path.empty() || path == "-") {
    std::cout << text;
    return static_cast<bool>(std::cout);
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

int FinishReport(const std::string& output, const std::string& rendered,
                 const ScanResult& result, const std::string& fail_on) {
  if (!WriteOutput(output, rendered)) {
    std::cerr << "ampcheck: cannot write " << output << "\n";
    return kExitUsage;
  }
  if (result.readable_files == 0) {
    std::cerr << "ampcheck: no readable input\n";
    return kExitUsage;
  }
  for (const Finding& f : result.analysis.findings) {
    if (FailsAt(f.severity, fail_on)) return kExitFindings;
  }
  return kExitClean;
}

}  // namespace ampcheck
