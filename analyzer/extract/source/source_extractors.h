// Application source and config extractors (declarative tree-sitter rules,
// application config files).
#ifndef AMPCHECK_EXTRACT_SOURCE_SOURCE_EXTRACTORS_H_
#define AMPCHECK_EXTRACT_SOURCE_SOURCE_EXTRACTORS_H_

#include <vector>

#include "analyzer/extract/extractor.h"
#include "analyzer/extract/registry.h"

namespace ampcheck {

// Adds the source and application-config extractors to *set.
void RegisterSourceExtractors(const ExtractOptions& options, ExtractorSet* set,
                              std::vector<Diagnostic>* diagnostics);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_SOURCE_EXTRACTORS_H_
