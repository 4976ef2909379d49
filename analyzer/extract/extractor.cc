#include "analyzer/extract/extractor.h"

#include <atomic>
#include <thread>

namespace ampcheck {

void ExtractorSet::Add(std::unique_ptr<Extractor> extractor) {
  extractors_.push_back(std::move(extractor));
}

FileFacts ExtractorSet::ExtractFile(const SourceFile& file) const {
  FileFacts facts;
  facts.file = file.path;
  facts.kind = file.language;
  if (file.language != "marker" &&
      file.content.find('\0') != std::string_view::npos) {
    facts.diagnostics.push_back(
        {{file.path, 1},
         "binary content (NUL bytes) in a ." + file.language + " file; skipped",
         Severity::kError});
    return facts;
  }
  for (const auto& extractor : extractors_) {
    if (extractor->Accepts(file)) extractor->Extract(file, &facts);
  }
  return facts;
}

std::vector<FileFacts> ExtractorSet::ExtractAll(
    const FileSystem& fs, const std::vector<DiscoveredFile>& files,
    uint64_t max_file_bytes, int jobs) const {
  std::vector<FileFacts> results(files.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    std::string content;
    for (size_t i = next++; i < files.size(); i = next++) {
      const DiscoveredFile& file = files[i];
      std::string error;
      if (file.content) {
        content = *file.content;
      } else if (!fs.ReadFile(file.path, max_file_bytes, &content, &error)) {
        results[i].file = file.display;
        results[i].kind = file.language;
        results[i].diagnostics.push_back({{file.display, 0},
                                          "cannot read file: " + error,
                                          Severity::kError});
        continue;
      }
      results[i] = ExtractFile({file.display, file.language, content});
    }
  };
  if (jobs < 1) jobs = 1;
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs && static_cast<size_t>(t) < files.size(); ++t) {
    threads.emplace_back(work);
  }
  work();
  for (std::thread& thread : threads) thread.join();
  return results;
}

}  // namespace ampcheck
