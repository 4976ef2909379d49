#include "analyzer/cli/scan.h"

#include "analyzer/base/threads.h"
#include "analyzer/cli/pipeline_parts.h"

namespace ampcheck {

// One machine, no cache: the two halves of the pipeline back to back, so
// that scan, audit and sharded extract + analyze see the same facts.
ScanResult RunScan(const FileSystem& fs, const ScanOptions& options) {
  FleetPlan plan = PlanFleet(fs, options);
  if (plan.usage_error) {
    ScanResult result;
    result.usage_error = true;
    result.usage_message = plan.usage_message;
    return result;
  }
  return ScanPlan(fs, &plan, options);
}

ScanResult ScanPlan(const FileSystem& fs, FleetPlan* plan,
                    const ScanOptions& options) {
  FleetExtractionOptions extraction;
  extraction.jobs = ThreadCount(options.jobs);
  extraction.max_file_bytes = options.max_file_bytes;
  ExtractionCounters counters;
  FactsBundle bundle = ExtractBundle(fs, *plan, 0, 1, extraction, &counters);
  // A 50 MB stream on standard input is not needed through the analysis.
  std::vector<DiscoveredFile>().swap(plan->discovery.files);
  AnalyzeBundleOptions analyze;
  analyze.istio_version = options.istio_version;
  analyze.analyze = options.analyze;
  analyze.analyze.threads = options.jobs;
  return AnalyzeBundle(std::move(bundle), analyze);
}

}  // namespace ampcheck
