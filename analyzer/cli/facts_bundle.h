// A facts file (schema ampcheck/facts/v1): what `ampcheck extract` writes
// and `ampcheck analyze` reads. One fact record per line, so that large
// files diff and stream well.
#ifndef AMPCHECK_CLI_FACTS_BUNDLE_H_
#define AMPCHECK_CLI_FACTS_BUNDLE_H_

#include <ostream>
#include <string>

#include "analyzer/cli/pipeline_parts.h"

namespace ampcheck {

void WriteBundle(const FactsBundle& bundle, std::ostream& out);

// False, with *error naming the file and the field, when `text` is not a
// facts file this version reads.
bool ReadBundle(const std::string& file, const std::string& text,
                FactsBundle* bundle, std::string* error);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_FACTS_BUNDLE_H_
