// Extraction of a whole fleet: files read one at a time per worker (memory
// holds one file's content per thread plus the small facts), the facts cache
// consulted before parsing, and counters a progress line can read.
#ifndef AMPCHECK_EXTRACT_FLEET_EXTRACTION_H_
#define AMPCHECK_EXTRACT_FLEET_EXTRACTION_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "analyzer/discover/discover.h"
#include "analyzer/discover/file_system.h"
#include "analyzer/extract/extractor.h"
#include "analyzer/facts/facts_cache.h"

namespace ampcheck {

struct ExtractionCounters {
  std::atomic<uint64_t> done{0};       // files finished, either way
  std::atomic<uint64_t> extracted{0};  // files run through the extractors
  std::atomic<uint64_t> cached{0};     // files answered by the cache
  std::atomic<uint64_t> bytes{0};      // bytes read
};

struct FleetExtractionOptions {
  int jobs = 1;
  uint64_t max_file_bytes = 8ull << 20;
  const FactsCache* cache = nullptr;  // nullptr or disabled: no cache
  // Called about five times a second from a separate thread while workers
  // run, and once at the end.
  std::function<void(const ExtractionCounters&)> on_progress;
};

// Facts of every file, in the order of `files`.
std::vector<FileFacts> ExtractFleet(const ExtractorSet& extractors,
                                    const FileSystem& fs,
                                    const std::vector<DiscoveredFile>& files,
                                    const FleetExtractionOptions& options,
                                    ExtractionCounters* counters);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_FLEET_EXTRACTION_H_
