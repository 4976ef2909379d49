// The scan pipeline in two halves that can run on different machines:
// extraction (discover + extract, optionally one shard of the files) and
// analysis (resolve + analyze) of the facts, merged from every shard. What
// analysis needs beyond the facts travels with them in a FactsBundle.
#ifndef AMPCHECK_CLI_PIPELINE_PARTS_H_
#define AMPCHECK_CLI_PIPELINE_PARTS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/cli/scan.h"
#include "analyzer/discover/discover.h"
#include "analyzer/extract/extractor.h"
#include "analyzer/extract/fleet_extraction.h"
#include "analyzer/extract/policy.h"

namespace ampcheck {

// What extraction runs on: the discovered files, the policy file, the
// extractors built from the rules.
struct FleetPlan {
  Discovery discovery;
  std::string policy_path;     // where it was read; "" when none
  std::string policy_display;  // as outputs name it
  std::optional<std::string> policy_content;
  std::vector<EnvironmentSetting> policy_environments;  // the policy's
  // Discovery and rule-loading problems. The policy's own diagnostics come
  // from parsing it again at analysis, where it travels as text.
  std::vector<Diagnostic> diagnostics;
  std::vector<std::string> rule_dirs;
  ExtractorSet extractors;
  bool usage_error = false;
  std::string usage_message;
};

FleetPlan PlanFleet(const FileSystem& fs, const ScanOptions& options);

// Facts of one shard (or of the whole fleet) and what analysis needs with
// them. Serialized by facts_bundle.h.
struct FactsBundle {
  int shard_index = 0;
  int shard_count = 1;
  // Digest of the fleet's inputs (file list, policy, rules): shards of
  // different fleets are not merged.
  std::string fleet;
  std::vector<std::string> roots;  // scanned directories, as given
  int files = 0;                   // discovered in the whole fleet
  std::map<std::string, int> skipped;
  std::string policy_file;
  std::optional<std::string> policy_content;
  std::vector<Diagnostic> diagnostics;
  std::vector<FileFacts> facts;  // this shard's files, by display path
  // Standard input, when it was an input: its display name and first line
  // ("" when empty), to say what came instead of manifests. Not serialized:
  // after extract, analyze says only that nothing was analysed.
  std::optional<std::string> stdin_display;
  std::string stdin_head;
};

// Whether a file's facts give the analysis anything: a manifest ampcheck
// reads, mesh or application config, a build marker, or source code.
bool HasSomethingToAnalyse(const FileFacts& facts);

// The first non-blank line of text, cut at max_chars.
std::string FirstLine(const std::string& text, size_t max_chars);

// Deterministic shard of a file: FNV-1a of its display path, modulo count,
// so every machine agrees without talking to the others.
int ShardOf(const std::string& display_path, int shard_count);

FactsBundle ExtractBundle(const FileSystem& fs, const FleetPlan& plan,
                          int shard_index, int shard_count,
                          const FleetExtractionOptions& options,
                          ExtractionCounters* counters);

// Merges the shards of one fleet; false with *error when a shard is
// missing, repeated, or from another fleet.
bool MergeBundles(std::vector<FactsBundle> shards, FactsBundle* merged,
                  std::string* error);

struct AnalyzeBundleOptions {
  std::string istio_version;
  // Replaces the policy file that travelled with the facts.
  std::optional<std::pair<std::string, std::string>> policy;  // display, text
  AnalyzeOptions analyze;
};

// Both halves on this machine for a plan made by PlanFleet (RunScan's work
// after planning, shared with the per-environment scans).
// The plan's discovered files (standard input among them) are released once
// extracted.
ScanResult ScanPlan(const FileSystem& fs, FleetPlan* plan,
                    const ScanOptions& options);

ScanResult AnalyzeBundle(FactsBundle bundle,
                         const AnalyzeBundleOptions& options);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_PIPELINE_PARTS_H_
