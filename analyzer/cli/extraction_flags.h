// Flags shared by the commands that extract (audit, extract): inputs,
// policy, rules, threads, file size limit and the facts cache.
#ifndef AMPCHECK_CLI_EXTRACTION_FLAGS_H_
#define AMPCHECK_CLI_EXTRACTION_FLAGS_H_

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "analyzer/cli/pipeline_parts.h"

namespace ampcheck {

struct ExtractionFlags {
  std::vector<std::string> inputs;
  std::string list;
  std::string cache;
  ScanOptions scan;
  bool progress = true;
};

void AddExtractionOptions(CLI::App* command, ExtractionFlags* flags);

// Plans and extracts shard `index` of `count`, with the cache and the
// progress line. False, with a message on stderr, on a usage error.
bool ExtractShard(const ExtractionFlags& flags, int index, int count,
                  FactsBundle* bundle);

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_EXTRACTION_FLAGS_H_
