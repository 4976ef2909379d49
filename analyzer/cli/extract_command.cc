// ampcheck extract: discover and extract one shard of a fleet's files and
// write its facts (ampcheck/facts/v1), to be merged by `ampcheck analyze`.
// Every shard walks the same inputs and keeps the files whose display path
// hashes to its index, so machines need not coordinate.
#include <fstream>
#include <iostream>

#include "analyzer/base/strings.h"
#include "analyzer/cli/commands.h"
#include "analyzer/cli/extraction_flags.h"
#include "analyzer/cli/facts_bundle.h"

namespace ampcheck {
namespace {

struct ExtractFlags {
  ExtractionFlags extraction;
  std::string shard = "0/1";
  std::string output;
};

// "I/N" with 0 <= I < N.
bool ParseShard(const std::string& text, int* index, int* count) {
  std::vector<std::string> parts = Split(text, '/');
  long long i = 0, n = 0;
  if (parts.size() != 2 || !ParseInt(parts[0], &i) || !ParseInt(parts[1], &n))
    return false;
  if (n < 1 || n > 100000 || i < 0 || i >= n) return false;
  *index = static_cast<int>(i);
  *count = static_cast<int>(n);
  return true;
}

int RunExtractCommand(const ExtractFlags& flags) {
  int index = 0, count = 1;
  if (!ParseShard(flags.shard, &index, &count)) {
    std::cerr << "ampcheck: --shard " << flags.shard
              << ": expected I/N with 0 <= I < N (e.g. 0/4)\n";
    return kExitUsage;
  }
  FactsBundle bundle;
  if (!ExtractShard(flags.extraction, index, count, &bundle)) return kExitUsage;
  // Input errors travel in the facts, for analyze to apply --input-errors
  // once for the whole fleet; an empty fleet is refused here already.
  if (bundle.files == 0) {
    std::cerr << "ampcheck: no readable input; pass repository directories, "
                 "manifest files or --list\n";
    return kExitUsage;
  }
  if (flags.output.empty() || flags.output == "-") {
    WriteBundle(bundle, std::cout);
    return kExitClean;
  }
  std::ofstream out(flags.output, std::ios::binary);
  WriteBundle(bundle, out);
  out.close();
  if (!out) {
    std::cerr << "ampcheck: cannot write " << flags.output << "\n";
    return kExitUsage;
  }
  return kExitClean;
}

}  // namespace

void AddExtractCommand(CLI::App* app, Command* run) {
  auto flags = std::make_shared<ExtractFlags>();
  CLI::App* extract = app->add_subcommand(
      "extract",
      "Extract the facts of one shard of a fleet into a facts file, for "
      "`ampcheck analyze` to merge");
  AddExtractionOptions(extract, &flags->extraction);
  extract
      ->add_option("--shard", flags->shard,
                   "This machine's shard, I/N with I counted from 0")
      ->capture_default_str();
  extract->add_option("-o,--output", flags->output,
                      "Facts file to write (default: stdout)");
  extract->callback(
      [flags, run] { *run = [flags] { return RunExtractCommand(*flags); }; });
}

}  // namespace ampcheck
