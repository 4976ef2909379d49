#include "analyzer/cli/pipeline_parts.h"

#include <algorithm>
#include <set>

#include "analyzer/base/paths.h"
#include "analyzer/base/stage_timer.h"
#include "analyzer/base/threads.h"
#include "analyzer/cli/policy_discovery.h"
#include "analyzer/discover/render_step.h"
#include "analyzer/discover/root_display.h"
#include "analyzer/extract/policy.h"
#include "analyzer/extract/policy_exclude.h"
#include "analyzer/extract/registry.h"
#include "analyzer/extract/rules_directory.h"
#include "analyzer/facts/content_hash.h"
#include "analyzer/facts/facts_cache.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {

FleetPlan PlanFleet(const FileSystem& fs, const ScanOptions& options) {
  FleetPlan plan;
  std::vector<std::string> paths, starts;
  for (const std::string& input : options.inputs) {
    bool directory =
        input != "-" && fs.Stat(input).type == FileStatus::Type::kDirectory;
    if (input != "-") {
      paths.push_back(input);
    }
    starts.push_back(directory ? input : "");
  }
  // The policy first: its exclude: decides what discovery reads.
  int depth = CurrentDirectoryDepth();
  PolicyDiscovery found = DiscoverPolicy(fs, options.config, starts, {}, depth);
  plan.policy_path = found.path;
  // A policy prints as the files do: as found, from the working directory.
  std::string working_directory = options.working_directory.empty()
                                      ? WorkingDirectory()
                                      : options.working_directory;
  plan.policy_display =
      plan.policy_path.empty()
          ? ""
          : DisplayPrefix(plan.policy_path, working_directory);
  Policy policy;
  std::vector<std::string> excludes = options.excludes;
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
    for (std::string& pattern :
         ParsePolicyExcludes(plan.policy_display, content, &found.diagnostics))
      excludes.push_back(std::move(pattern));
    plan.policy_content = std::move(content);
    plan.policy_environments = policy.environments;
  }

  DiscoveryOptions discovery_options;
  discovery_options.max_file_bytes = options.max_file_bytes;
  discovery_options.excludes = excludes;
  discovery_options.ignore_files = options.ignore_files;
  discovery_options.working_directory = working_directory;
  plan.discovery = Discover(fs, paths, discovery_options);
  if (options.stdin_content) {
    std::string language = ClassifyFile(BaseName(options.stdin_name));
    plan.discovery.files.push_back({"-", options.stdin_name,
                                    language.empty() ? "yaml" : language,
                                    options.stdin_content->size(),
                                    options.stdin_content, std::nullopt, ""});
  }
  plan.diagnostics = plan.discovery.diagnostics;
  PolicyDiscovery nested = DiscoverPolicy(fs, plan.policy_path, {},
                                          plan.discovery.policy_files, depth);
  for (auto* list : {&found.diagnostics, &nested.diagnostics}) {
    for (Diagnostic& d : *list) plan.diagnostics.push_back(std::move(d));
  }
  policy.render.base_directory = ParentPath(plan.policy_path);
  policy.render.disabled = !options.render;
  static const SystemProcessRunner system_runner;
  RenderDiscoveredInputs(fs, policy.render,
                         options.renderer ? *options.renderer : system_runner,
                         &plan.discovery, &plan.diagnostics);
  ExtractOptions extract_options;
  if (!options.no_default_rules) {
    if (InstalledRulesDirectory().empty()) {
      plan.usage_error = true;
      plan.usage_message = MissingRulesMessage();
      return plan;
    }
    extract_options.rule_dirs.push_back(InstalledRulesDirectory());
  }
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

bool HasSomethingToAnalyse(const FileFacts& f) {
  static const std::set<std::string> source_languages = {
      "go", "java", "kotlin", "python", "javascript", "typescript", "csharp"};
  return source_languages.count(f.kind) || !f.namespaces.empty() ||
         !f.workloads.empty() || !f.services.empty() ||
         !f.config_maps.empty() || !f.virtual_services.empty() ||
         !f.destination_rules.empty() || !f.envoy_filters.empty() ||
         !f.gateways.empty() || !f.mesh_configs.empty() || !f.layers.empty() ||
         !f.call_sites.empty() || !f.build_markers.empty() ||
         !f.properties.empty() || !f.gateway_api.empty();
}

std::string FirstLine(const std::string& text, size_t max_chars) {
  size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos) return "";
  std::string line =
      text.substr(start, text.find_first_of("\r\n", start) - start);
  if (line.size() > max_chars) line = line.substr(0, max_chars) + "...";
  return line;
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
  StageTimer timer("extract");
  FactsBundle bundle;
  bundle.shard_index = shard_index;
  bundle.shard_count = shard_count;
  bundle.roots = plan.discovery.roots;
  bundle.files = static_cast<int>(plan.discovery.files.size());
  bundle.skipped = plan.discovery.skipped;
  bundle.policy_file = plan.policy_display;
  bundle.policy_content = plan.policy_content;
  bundle.diagnostics = plan.diagnostics;
  for (const DiscoveredFile& file : plan.discovery.files) {
    if (file.path == "-" && file.content) {
      bundle.stdin_display = file.display;
      bundle.stdin_head = FirstLine(*file.content, 120);
    }
  }

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
    bool analysable = HasSomethingToAnalyse(f);
    if (analysable) ++result.analysed_files;
    if (bundle.stdin_display && f.file == *bundle.stdin_display &&
        !analysable) {
      // kubectl's "error: You must be logged in ..." piped in instead of
      // manifests: never a silent green run.
      result.stdin_problem =
          bundle.stdin_head.empty()
              ? "standard input is empty"
              : "standard input holds no manifest (it begins: \"" +
                    bundle.stdin_head + "\")";
      diagnostics.push_back(
          {{f.file, 0}, result.stdin_problem, Severity::kError});
    }
    facts.push_back(std::move(f));
  }
  FileFacts input_problems;
  input_problems.diagnostics = std::move(diagnostics);
  facts.push_back(std::move(input_problems));

  ResolveOptions resolve_options;
  resolve_options.istio_version = options.istio_version;
  resolve_options.threads = ThreadCount(options.analyze.threads);
  // Resolve moves the resources it keeps out of the facts; what is left of
  // them (a cluster dump's facts are a third of the peak) goes before the
  // analysis.
  {
    StageTimer timer("resolve");
    result.model = Resolve(std::move(facts), policy, resolve_options);
  }
  std::vector<FileFacts>().swap(facts);
  std::vector<FileFacts>().swap(bundle.facts);
  result.model.files = bundle.files;
  for (const auto& [reason, count] : bundle.skipped)
    result.model.skipped_files[reason] += count;
  StageTimer timer("analyze");
  result.analysis = Analyze(result.model, options.analyze);
  return result;
}

}  // namespace ampcheck
