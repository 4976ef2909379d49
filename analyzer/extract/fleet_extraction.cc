#include "analyzer/extract/fleet_extraction.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "analyzer/facts/facts_json.h"

namespace ampcheck {
namespace {

// Rendered output whose lines are not lines of the file it is shown as: every
// location in that file is put on the one line that is known.
FileFacts PinLines(FileFacts facts, const DiscoveredFile& file) {
  if (!file.pinned_line) return facts;
  ForEachLocation(facts, [&file](Location& location) {
    if (location.file == file.display) location.line = *file.pinned_line;
  });
  return facts;
}

// Resources of a release rendered into a namespace that name none are in it.
void PlaceInNamespace(const std::string& ns, FileFacts* facts) {
  if (ns.empty()) return;
  auto place = [&ns](auto& list) {
    for (auto& fact : list) {
      if (fact.ns.empty()) fact.ns = ns;
    }
  };
  place(facts->workloads);
  place(facts->services);
  place(facts->config_maps);
  place(facts->virtual_services);
  place(facts->destination_rules);
  place(facts->envoy_filters);
  place(facts->gateways);
  place(facts->gateway_api);
}

FileFacts ExtractOneUnpinned(const ExtractorSet& extractors,
                             const FileSystem& fs, const DiscoveredFile& file,
                             const FleetExtractionOptions& options,
                             ExtractionCounters* counters,
                             std::string* content) {
  std::string error;
  // Preloaded content (standard input) is read in place, not copied.
  const std::string* text = file.content ? file.content.get() : content;
  if (!file.content &&
      !fs.ReadFile(file.path, options.max_file_bytes, content, &error)) {
    FileFacts facts;
    facts.file = file.display;
    facts.kind = file.language;
    facts.diagnostics.push_back(
        {{file.display, 0}, "cannot read file: " + error, Severity::kError});
    return facts;
  }
  counters->bytes += text->size();
  bool cache = options.cache && options.cache->enabled();
  std::string key;
  if (cache) {
    key = options.cache->Key(file.display, *text);
    FileFacts facts;
    if (options.cache->Load(key, &facts) && facts.file == file.display) {
      ++counters->cached;
      return facts;
    }
  }
  FileFacts facts =
      extractors.ExtractFile({file.display, file.language, *text});
  ++counters->extracted;
  if (cache) options.cache->Store(key, facts);
  return facts;
}

FileFacts ExtractOne(const ExtractorSet& extractors, const FileSystem& fs,
                     const DiscoveredFile& file,
                     const FleetExtractionOptions& options,
                     ExtractionCounters* counters, std::string* content) {
  FileFacts facts = PinLines(
      ExtractOneUnpinned(extractors, fs, file, options, counters, content),
      file);
  PlaceInNamespace(file.release_namespace, &facts);
  return facts;
}

}  // namespace

std::vector<FileFacts> ExtractFleet(const ExtractorSet& extractors,
                                    const FileSystem& fs,
                                    const std::vector<DiscoveredFile>& files,
                                    const FleetExtractionOptions& options,
                                    ExtractionCounters* counters) {
  std::vector<FileFacts> results(files.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    std::string content;  // one file's content at a time, reused
    for (size_t i = next++; i < files.size(); i = next++) {
      results[i] =
          ExtractOne(extractors, fs, files[i], options, counters, &content);
      ++counters->done;
    }
  };

  std::mutex mutex;
  std::condition_variable finished;
  bool all_done = false;
  std::thread progress;
  if (options.on_progress) {
    progress = std::thread([&] {
      std::unique_lock<std::mutex> lock(mutex);
      while (!finished.wait_for(lock, std::chrono::milliseconds(200),
                                [&] { return all_done; })) {
        options.on_progress(*counters);
      }
    });
  }
  int jobs = std::max(1, options.jobs);
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs && static_cast<size_t>(t) < files.size(); ++t)
    threads.emplace_back(work);
  work();
  for (std::thread& thread : threads) thread.join();
  if (progress.joinable()) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      all_done = true;
    }
    finished.notify_all();
    progress.join();
    options.on_progress(*counters);
  }
  return results;
}

}  // namespace ampcheck
