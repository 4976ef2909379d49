#include "analyzer/extract/source/source_extractors.h"

namespace ampcheck {

// Build markers name source trees for attribution; rule-based extractors are
// registered here as they are added.
void RegisterSourceExtractors(const ExtractOptions&, ExtractorSet*,
                              std::vector<Diagnostic>*) {}

}  // namespace ampcheck
