// ampcheck diff: the same fleet before and after a change. Base and head are
// two directories, or --base <git-rev> of the repository around the inputs
// (head: the working tree, or --head <git-rev>). Exits 1 only on findings the
// change adds or worsens (more tries, a higher bound or severity) at or above
// --fail-on.
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <tuple>

#include "analyzer/analyze/baseline.h"
#include "analyzer/analyze/diff.h"
#include "analyzer/base/strings.h"
#include "analyzer/cli/commands.h"
#include "analyzer/cli/pipeline_options.h"
#include "analyzer/discover/git_file_system.h"
#include "analyzer/report/diff_report.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

struct DiffFlags {
  PipelineFlags pipeline;
  std::vector<std::string> positional;
  std::string base_rev;
  std::string head_rev;
  std::string format = "text";
  ExitPolicy exit;
  std::string output;
  std::string json_output;  // the JSON report too, beside --format's
};

// Inputs relative to the current directory, as the git tree maps them.
bool RelativeInputs(const std::vector<std::string>& inputs,
                    std::vector<std::string>* relative, std::string* error) {
  for (const std::string& input : inputs) {
    fs::path path = fs::path(input).lexically_normal();
    if (path.is_absolute()) path = fs::relative(path, fs::current_path());
    std::string text = path.generic_string();
    if (text.empty() || StartsWith(text, "..")) {
      *error =
          "with --base, inputs must be inside the current directory: " + input;
      return false;
    }
    relative->push_back(text);
  }
  return true;
}

// A side read from a git revision: diagnosed submodules it reached, whose
// files belong to another repository.
void ReportSubmodules(const std::string& label, const GitFileSystem& tree) {
  for (const auto& [path, commit] : tree.SubmodulesReached()) {
    std::cerr << "ampcheck: " << label << ": " << path
              << ": git submodule (commit " << commit
              << ") not read; its files are in another repository\n";
  }
}

bool ScanSide(const std::string& label, const FileSystem& fs,
              const ScanOptions& options, ScanResult* result) {
  *result = RunScan(fs, options);
  if (result->usage_error) {
    std::cerr << "ampcheck: " << label << ": " << result->usage_message << "\n";
    return false;
  }
  if (InputExitCode(*result, label + ": ") != kExitClean) return false;
  ReconcileAccepted(nullptr, options.analyze.disabled_checks, &result->model,
                    &result->analysis);
  return true;
}

int RunDiffCommand(DiffFlags flags) {
  std::string error;
  if (!ApplyDisabledChecks(&flags.pipeline, &error)) {
    std::cerr << "ampcheck: " << error << "\n";
    return kExitUsage;
  }
  if (!ValidateIstioVersion(flags.pipeline.scan.istio_version, &error)) {
    std::cerr << "ampcheck: " << error << "\n";
    return kExitUsage;
  }
  bool known_format = false;
  for (const std::string& f : DiffFormats()) known_format |= f == flags.format;
  if (!known_format) {
    std::cerr << "ampcheck: unknown diff format '" << flags.format
              << "' (one of " << Join(DiffFormats(), ", ") << ")\n";
    return kExitUsage;
  }
  ScanOptions base_options = flags.pipeline.scan;
  ScanOptions head_options = flags.pipeline.scan;
  DiskFileSystem disk;
  std::unique_ptr<GitFileSystem> base_tree, head_tree;
  if (flags.base_rev.empty()) {
    if (flags.positional.size() != 2 || !flags.head_rev.empty()) {
      std::cerr << "ampcheck: diff needs two directories (BASE HEAD), or "
                   "--base <git-rev> [inputs...]\n";
      return kExitUsage;
    }
    base_options.inputs = {flags.positional[0]};
    head_options.inputs = {flags.positional[1]};
  } else {
    std::vector<std::string> inputs;
    if (flags.positional.empty()) flags.positional = {"."};
    if (!RelativeInputs(flags.positional, &inputs, &error)) {
      std::cerr << "ampcheck: " << error << "\n";
      return kExitUsage;
    }
    // Each revision is read from the object database, for the inputs only.
    for (auto [rev, tree, options] :
         {std::tuple{&flags.base_rev, &base_tree, &base_options},
          std::tuple{&flags.head_rev, &head_tree, &head_options}}) {
      if (rev->empty()) {
        options->inputs = inputs;
        continue;
      }
      *tree = GitFileSystem::Open(".", *rev, &error);
      if (!*tree) {
        std::cerr << "ampcheck: " << error << "\n";
        return kExitUsage;
      }
      options->inputs.clear();
      for (const std::string& input : inputs)
        options->inputs.push_back((*tree)->Map(input));
    }
  }
  ScanResult base, head;
  bool scanned =
      ScanSide("base", base_tree ? *base_tree : static_cast<FileSystem&>(disk),
               base_options, &base) &&
      ScanSide("head", head_tree ? *head_tree : static_cast<FileSystem&>(disk),
               head_options, &head);
  if (base_tree) ReportSubmodules("base " + flags.base_rev, *base_tree);
  if (head_tree) ReportSubmodules("head " + flags.head_rev, *head_tree);
  if (!scanned) return kExitUsage;
  FleetSide base_side{base.model, base.analysis};
  FleetSide head_side{head.model, head.analysis};
  FleetDiff diff = DiffFleets(base_side, head_side);
  std::ostringstream rendered;
  RenderDiff(flags.format, base_side, head_side, diff, rendered);
  if (!WriteOutput(flags.output, rendered.str())) {
    std::cerr << "ampcheck: cannot write " << flags.output << "\n";
    return kExitUsage;
  }
  if (!flags.json_output.empty()) {
    std::ostringstream json;
    RenderDiff("json", base_side, head_side, diff, json);
    if (!WriteOutput(flags.json_output, json.str())) {
      std::cerr << "ampcheck: cannot write " << flags.json_output << "\n";
      return kExitUsage;
    }
  }
  bool failing = false;
  for (const Finding& f : diff.added)
    failing = failing || FailsAt(f.severity, flags.exit.fail_on);
  // A finding that got worse fails the gate as a new one does.
  for (const WorsenedFinding& w : diff.worsened)
    failing = failing || FailsAt(w.after.severity, flags.exit.fail_on);
  // The head's input errors decide: the base's were there before the change.
  return RunExitCode(head, failing, flags.exit);
}

}  // namespace

void AddDiffCommand(CLI::App* app, Command* run) {
  auto flags = std::make_shared<DiffFlags>();
  CLI::App* diff = app->add_subcommand(
      "diff",
      "Compare a fleet before and after a change: paths whose tries changed, "
      "with the arithmetic, and findings added and fixed");
  diff->add_option("inputs", flags->positional,
                   "BASE HEAD directories; with --base, the inputs to scan at "
                   "both revisions (default: .)");
  diff->add_option("--base", flags->base_rev,
                   "Git revision of the base (origin/main, HEAD~1); the head "
                   "is the working tree");
  diff->add_option("--head", flags->head_rev,
                   "Git revision of the head instead of the working tree");
  diff->add_option("--format", flags->format,
                   "Output format: " + Join(DiffFormats(), ", "))
      ->capture_default_str();
  AddExitPolicyOptions(diff, &flags->exit);
  diff->add_option("-o,--output", flags->output,
                   "Write the report to this file (default: stdout)");
  diff->add_option("--json-output", flags->json_output,
                   "Also write the JSON report to this file, from the same "
                   "run (default: none)");
  AddPipelineOptions(diff, &flags->pipeline);
  diff->callback(
      [flags, run] { *run = [flags] { return RunDiffCommand(*flags); }; });
}

}  // namespace ampcheck
