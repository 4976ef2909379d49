#include "analyzer/cli/pipeline_parts.h"

#include <algorithm>

#include "analyzer/base/paths.h"
#include "analyzer/discover/render_step.h"
#include "analyzer/facts/content_hash.h"
#include "analyzer/facts/facts_cache.h"
#include "analyzer/extract/policy.h"
#include "analyzer/extract/registry.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {
FleetPlan PlanFleet(const FileSystem& fs, const ScanOptions& options) {
  FleetPlan plan;
  DiscoveryOptions discovery_options;
  discovery_options.max_file_bytes = options.max_file_bytes;
  std::vector<std::string> paths;
  for (const std::string& input : options.inputs) {
    if (input != "-") paths.push_back(input);
  }
  plan.discovery = Discover(fs, paths, discovery_options);
  if (options.stdin_content) {
    plan.discovery.files.push_back({"-", "<stdin>", "yaml",
                                    options.stdin_content->size(),
                                    options.stdin_content, std::nullopt});
  }
  plan.diagnostics = plan.discovery.diagnostics;

  plan.policy_path = options.config;
  plan.policy_display = options.config;
  if (plan.policy_path.empty()) {
    for (const std::string& root : plan.discovery.roots) {
      std::string candidate = JoinPath(root, ".ampcheck.yaml");
      if (fs.Stat(candidate).type == FileStatus::Type::kFile) {
        plan.policy_path = candidate;
        plan.policy_display = ".ampcheck.yaml";
        break;
      }
    }
  }
  Policy policy;
  if (!plan.policy_path.empty()) {
    std::string content, error;
    if (!fs.ReadFile(plan.policy_path, options.max_file_bytes, &content,
                     &error)) {
      plan.usage_error = true;
      plan.usage_message =
          "cannot read policy file " + plan.policy_path + ": " + error;
      return plan;
    }
    std::vector<Diagnostic> ignored;  // reported when analysis parses it
    policy = ParsePolicy(plan.policy_display, content, &ignored);
    plan.policy_content = std::move(content);
  }
  std::erase_if(plan.discovery.files, [&](const DiscoveredFile& f) {
    return !plan.policy_path.empty() &&
           (f.path == plan.policy_path || f.display == ".ampcheck.yaml");
  });
  policy.render.base_directory = ParentPath(plan.policy_path);
  SystemProcessRunner renderer;
  RenderDiscoveredInputs(fs, policy.render, renderer, &plan.discovery,
                         &plan.diagnostics);

  ExtractOptions extract_options;
  if (!options.no_default_rules)
    extract_options.rule_dirs.push_back(InstalledRulesDirectory());
  for (const std::string& dir : policy.rule_dirs) {
    extract_options.rule_dirs.push_back(
        JoinPath(ParentPath(plan.policy_path), dir));
  }
  for (const std::string& dir : options.rule_dirs)
    extract_options.rule_dirs.push_back(dir);
  plan.rule_dirs = extract_options.rule_dirs;
  plan.extractors = BuildExtractors(extract_options, &plan.diagnostics);
  return plan;
}

int ShardOf(const std::string& display_path, int shard_count) {
  uint64_t hash = 14695981039346656037ull;  // FNV-1a, 64 bits
  for (unsigned char c : display_path) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return static_cast<int>(hash % static_cast<uint64_t>(shard_count));
}

FactsBundle ExtractBundle(const FileSystem& fs, const FleetPlan& plan,
                          int shard_index, int shard_count,
                          const FleetExtractionOptions& options,
                          ExtractionCounters* counters) {
  FactsBundle bundle;
  bundle.shard_index = shard_index;
  bundle.shard_count = shard_count;
  bundle.roots = plan.discovery.roots;
  bundle.files = static_cast<int>(plan.discovery.files.size());
  bundle.skipped = plan.discovery.skipped;
  bundle.policy_file = plan.policy_display;
  bundle.policy_content = plan.policy_content;
  bundle.diagnostics = plan.diagnostics;

  Sha256 fleet;
  fleet.Update(RulesDigest(plan.rule_dirs));
  fleet.Update(plan.policy_content.value_or(""));
  std::vector<DiscoveredFile> mine;
  for (const DiscoveredFile& file : plan.discovery.files) {
    fleet.Update(file.display + "\n");
    if (ShardOf(file.display, shard_count) == shard_index) mine.push_back(file);
  }
  bundle.fleet = fleet.HexDigest();
  bundle.facts = ExtractFleet(plan.extractors, fs, mine, options, counters);
  return bundle;
}

bool MergeBundles(std::vector<FactsBundle> shards, FactsBundle* merged,
                  std::string* error) {
  if (shards.empty()) {
    *error = "no facts files";
    return false;
  }
  std::sort(shards.begin(), shards.end(),
            [](const FactsBundle& a, const FactsBundle& b) {
              return a.shard_index < b.shard_index;
            });
  int count = shards[0].shard_count;
  std::vector<bool> seen(count, false);
  for (const FactsBundle& shard : shards) {
    std::string name = "shard " + std::to_string(shard.shard_index + 1) + "/" +
                       std::to_string(shard.shard_count);
    if (shard.shard_count != count || shard.fleet != shards[0].fleet) {
      *error = name + " is from another extraction (different inputs, " +
               "policy, rules or shard count)";
      return false;
    }
    if (seen[shard.shard_index]) {
      *error = name + " is given twice";
      return false;
    }
    seen[shard.shard_index] = true;
  }
  for (int i = 0; i < count; ++i) {
    if (!seen[i]) {
      *error = "shard " + std::to_string(i + 1) + "/" + std::to_string(count) +
               " is missing";
      return false;
    }
  }
  *merged = std::move(shards[0]);
  for (size_t i = 1; i < shards.size(); ++i) {
    for (FileFacts& f : shards[i].facts) merged->facts.push_back(std::move(f));
  }
  // Discovery order: by display path, as one unsharded run sees them.
  std::stable_sort(
      merged->facts.begin(), merged->facts.end(),
      [](const FileFacts& a, const FileFacts& b) { return a.file < b.file; });
  merged->shard_index = 0;
  merged->shard_count = 1;
  return true;
}

ScanResult AnalyzeBundle(FactsBundle bundle,
                         const AnalyzeBundleOptions& options) {
  ScanResult result;
  std::vector<Diagnostic> diagnostics = bundle.diagnostics;
  Policy policy;
  if (options.policy) {
    policy = ParsePolicy(options.policy->first, options.policy->second,
                         &diagnostics);
  } else if (bundle.policy_content) {
    policy =
        ParsePolicy(bundle.policy_file, *bundle.policy_content, &diagnostics);
  }
  std::vector<FileFacts> facts;
  facts.reserve(bundle.facts.size() + 1);
  for (FileFacts& f : bundle.facts) {
    bool unreadable = false;
    for (const Diagnostic& d : f.diagnostics)
      unreadable = unreadable || d.message.rfind("cannot read file", 0) == 0;
    if (!unreadable) ++result.readable_files;
    facts.push_back(std::move(f));
  }
  FileFacts input_problems;
  input_problems.diagnostics = std::move(diagnostics);
  facts.push_back(std::move(input_problems));

  ResolveOptions resolve_options;
  resolve_options.istio_version = options.istio_version;
  result.model = Resolve(facts, policy, resolve_options);
  result.model.files = bundle.files;
  result.model.skipped_files = bundle.skipped;
  result.analysis = Analyze(result.model, options.analyze);
  return result;
}

}  // namespace ampcheck
