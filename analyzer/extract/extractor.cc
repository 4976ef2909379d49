#include "analyzer/extract/extractor.h"

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

}  // namespace ampcheck
