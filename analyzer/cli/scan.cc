#include "analyzer/cli/scan.h"

#include <thread>

#include "analyzer/discover/discover.h"
#include "analyzer/extract/policy.h"
#include "analyzer/extract/registry.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

std::string Parent(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

std::string JoinPath(const std::string& dir, const std::string& name) {
  if (name.empty() || name[0] == '/') return name;
  return dir.empty() || dir == "." ? name : dir + "/" + name;
}

}  // namespace

ScanResult RunScan(const FileSystem& fs, const ScanOptions& options) {
  ScanResult result;
  std::vector<Diagnostic> diagnostics;

  std::vector<std::string> paths;
  for (const std::string& input : options.inputs) {
    if (input != "-") paths.push_back(input);
  }
  DiscoveryOptions discovery_options;
  discovery_options.max_file_bytes = options.max_file_bytes;
  Discovery discovery = Discover(fs, paths, discovery_options);
  if (options.stdin_content) {
    discovery.files.push_back({"-", "<stdin>", "yaml",
                               options.stdin_content->size(),
                               options.stdin_content});
  }
  diagnostics.insert(diagnostics.end(), discovery.diagnostics.begin(),
                     discovery.diagnostics.end());

  // The policy file: --config, or .ampcheck.yaml at the root of a scanned tree.
  std::string policy_path = options.config;
  std::string policy_display = options.config;
  if (policy_path.empty()) {
    for (const std::string& root : discovery.roots) {
      std::string candidate = JoinPath(root, ".ampcheck.yaml");
      if (fs.Stat(candidate).type == FileStatus::Type::kFile) {
        policy_path = candidate;
        policy_display = ".ampcheck.yaml";
        break;
      }
    }
  }
  Policy policy;
  if (!policy_path.empty()) {
    std::string content, error;
    if (!fs.ReadFile(policy_path, options.max_file_bytes, &content, &error)) {
      result.usage_error = true;
      result.usage_message =
          "cannot read policy file " + policy_path + ": " + error;
      return result;
    }
    policy = ParsePolicy(policy_display, content, &diagnostics);
  }
  // Policy files are not manifests: do not extract them twice.
  std::erase_if(discovery.files, [&](const DiscoveredFile& f) {
    return !policy_path.empty() &&
           (f.path == policy_path || f.display == ".ampcheck.yaml");
  });

  ExtractOptions extract_options;
  if (!options.no_default_rules)
    extract_options.rule_dirs.push_back(InstalledRulesDirectory());
  for (const std::string& dir : policy.rule_dirs) {
    extract_options.rule_dirs.push_back(JoinPath(Parent(policy_path), dir));
  }
  for (const std::string& dir : options.rule_dirs)
    extract_options.rule_dirs.push_back(dir);
  ExtractorSet extractors = BuildExtractors(extract_options, &diagnostics);

  int jobs = options.jobs > 0
                 ? options.jobs
                 : static_cast<int>(std::thread::hardware_concurrency());
  std::vector<FileFacts> facts =
      extractors.ExtractAll(fs, discovery.files, options.max_file_bytes, jobs);
  for (const FileFacts& f : facts) {
    bool unreadable = false;
    for (const Diagnostic& d : f.diagnostics) {
      unreadable = unreadable || d.message.rfind("cannot read file", 0) == 0;
    }
    if (!unreadable) ++result.readable_files;
  }
  FileFacts input_problems;
  input_problems.diagnostics = std::move(diagnostics);
  facts.push_back(std::move(input_problems));

  ResolveOptions resolve_options;
  resolve_options.istio_version = options.istio_version;
  result.model = Resolve(facts, policy, resolve_options);
  result.model.files = static_cast<int>(discovery.files.size());
  result.model.skipped_files = discovery.skipped;
  result.analysis = Analyze(result.model, options.analyze);
  return result;
}

}  // namespace ampcheck
