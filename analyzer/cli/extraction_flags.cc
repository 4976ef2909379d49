#include "analyzer/cli/extraction_flags.h"

#include <iostream>

#include "analyzer/base/threads.h"
#include "analyzer/cli/fleet_report.h"
#include "analyzer/cli/pipeline_options.h"
#include "analyzer/cli/progress_line.h"
#include "analyzer/facts/facts_cache.h"

namespace ampcheck {

void AddExtractionOptions(CLI::App* command, ExtractionFlags* flags) {
  command->add_option("inputs", flags->inputs,
                      "Repository directories, manifest files and exported "
                      "manifests (kubectl get -o yaml)");
  command->add_option("--list", flags->list,
                      "File listing more inputs, one path a line (# comments)");
  AddExtractionSettings(command, &flags->scan);
  command->add_option("--cache", flags->cache,
                      "Directory of cached facts, keyed by file content, path, "
                      "rules and ampcheck build: unchanged files are not "
                      "parsed again");
  command->add_flag("!--no-progress", flags->progress,
                    "No progress line on stderr (it is shown only on a "
                    "terminal anyway)");
}

bool ExtractShard(const ExtractionFlags& flags, int index, int count,
                  FactsBundle* bundle) {
  ScanOptions options = flags.scan;
  if (!CollectInputs(flags.inputs, flags.list, &options.inputs)) return false;
  if (options.inputs.empty()) {
    std::cerr << "ampcheck: no inputs (give directories, files or --list)\n";
    return false;
  }
  std::string error;
  if (!ReadStandardInputIfNamed(&options, &error)) {
    std::cerr << "ampcheck: " << error << "\n";
    return false;
  }
  DiskFileSystem fs;
  FleetPlan plan = PlanFleet(fs, options);
  if (plan.usage_error) {
    std::cerr << "ampcheck: " << plan.usage_message << "\n";
    return false;
  }
  FactsCache cache;
  if (!flags.cache.empty()) {
    if (!cache.Open(flags.cache, ExtractionFingerprint(plan.rule_dirs),
                    &error)) {
      std::cerr << "ampcheck: " << error << "\n";
      return false;
    }
  }
  FleetExtractionOptions extraction;
  extraction.jobs = ThreadCount(options.jobs);
  extraction.max_file_bytes = options.max_file_bytes;
  extraction.cache = &cache;
  // Every shard walks the whole fleet; it parses only its own files, so the
  // line counts the files of this shard.
  uint64_t total = 0;
  for (const DiscoveredFile& f : plan.discovery.files)
    total += ShardOf(f.display, count) == index ? 1 : 0;
  ProgressLine progress(std::cerr, total, flags.progress && StderrIsTerminal());
  extraction.on_progress = [&progress](const ExtractionCounters& counters) {
    progress.Update(counters);
  };
  ExtractionCounters counters;
  *bundle = ExtractBundle(fs, plan, index, count, extraction, &counters);
  progress.Finish();
  return true;
}

}  // namespace ampcheck
