// The pipeline, discover -> extract -> resolve -> analyze, as one call that
// every command shares.
#ifndef AMPCHECK_CLI_SCAN_H_
#define AMPCHECK_CLI_SCAN_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/discover/file_system.h"
#include "analyzer/discover/process_runner.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

struct ScanOptions {
  std::vector<std::string> inputs;  // directories, files; "-" = stdin_content
  std::shared_ptr<const std::string> stdin_content;
  std::string stdin_name = "<stdin>";  // --stdin-filename
  std::vector<std::string> excludes;   // --exclude
  // Paths print as typed, from here (absolute); "" = the process's working
  // directory. Tests name a fixture to read its paths as `scan .` would.
  std::string working_directory;
  bool ignore_files = true;  // !--no-ignore
  std::string config;  // policy file; "" = .ampcheck.yaml at a scanned root
  std::string istio_version;
  std::vector<std::string> rule_dirs;
  bool no_default_rules = false;
  // Render Helm charts and build kustomize roots (!--no-render), with
  // `renderer`: nullptr = the programs of this machine (SystemProcessRunner).
  bool render = true;
  // --environment: directories analysed as separate graphs (environments.h).
  std::vector<std::string> environments;
  const ProcessRunner* renderer = nullptr;
  int jobs = 0;  // 0 = all cores
  uint64_t max_file_bytes = 8ull << 20;
  AnalyzeOptions analyze;
};

struct ScanResult {
  Model model;
  Analysis analysis;
  int readable_files = 0;  // files read without an I/O error
  // Files that gave ampcheck something to analyse: a manifest it reads, mesh
  // or application config, or source code. 0 = nothing to analyse.
  int analysed_files = 0;
  // Why standard input gave nothing, quoting its first line ("" otherwise).
  std::string stdin_problem;
  bool usage_error = false;
  std::string usage_message;
};

ScanResult RunScan(const FileSystem& fs, const ScanOptions& options);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_SCAN_H_
