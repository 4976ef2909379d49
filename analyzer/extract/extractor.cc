#include "analyzer/extract/extractor.h"

#include "analyzer/extract/inline_suppressions.h"

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
  // Every kind of file can carry a suppression comment next to what it sets.
  if (file.language != "marker")
    ReadInlineSuppressions(file.path, file.content, &facts);
  return facts;
}

}  // namespace ampcheck
