// extract: one file in, facts out. Pure, per file, run in parallel.
#ifndef AMPCHECK_EXTRACT_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_EXTRACTOR_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/discover/discover.h"
#include "analyzer/discover/file_system.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

struct SourceFile {
  std::string path;      // display path, used in every location
  std::string language;  // from ClassifyFile
  std::string_view content;
};

// One kind of input (Kubernetes manifests, a language's rules, ...).
class Extractor {
 public:
  virtual ~Extractor() = default;
  virtual bool Accepts(const SourceFile& file) const = 0;
  // Appends to *facts; never throws; problems become diagnostics.
  virtual void Extract(const SourceFile& file, FileFacts* facts) const = 0;
};

class ExtractorSet {
 public:
  void Add(std::unique_ptr<Extractor> extractor);
  // Runs every extractor that accepts the file.
  FileFacts ExtractFile(const SourceFile& file) const;

 private:
  std::vector<std::unique_ptr<Extractor>> extractors_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_EXTRACTOR_H_
