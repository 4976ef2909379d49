// Runs declarative rules over source files: prefilter, parse once, run each
// rule's query, turn captures into LayerFacts and CallSiteFacts.
#ifndef AMPCHECK_EXTRACT_SOURCE_RULE_ENGINE_H_
#define AMPCHECK_EXTRACT_SOURCE_RULE_ENGINE_H_

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analyzer/extract/extractor.h"
#include "analyzer/extract/source/query.h"
#include "analyzer/extract/source/rule.h"

namespace ampcheck {

// Counters over every RuleEngine in the process (for the benchmark).
struct ExtractionStats {
  std::atomic<uint64_t> files{0}, bytes{0};  // source files offered
  std::atomic<uint64_t> parsed_files{0},
      parsed_bytes{0};  // let through the prefilter
  std::atomic<uint64_t> layers{0};
};
ExtractionStats& GlobalExtractionStats();

// The grammar a file is parsed with: "tsx" for .tsx, else its language.
std::string GrammarOfFile(const SourceFile& file);

class RuleEngine : public Extractor {
 public:
  // Compiles every rule for each grammar it applies to; rules that fail to
  // compile become diagnostics naming the rule file and line.
  RuleEngine(const std::vector<Rule>& rules,
             std::vector<Diagnostic>* diagnostics);
  ~RuleEngine() override;

  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
  // Ignores the test-code filter (for fixtures).
  void ExtractAlways(const SourceFile& file, FileFacts* facts) const;
  size_t rule_count() const { return rule_count_; }
  // Runs every query over the whole tree instead of only the windows around
  // its anchor words (MatchWindows); the results must be the same, which
  // tests check with this.
  void set_whole_file(bool whole_file) { whole_file_ = whole_file; }

 private:
  struct Compiled {
    const Rule* rule;
    std::unique_ptr<Query> query;
    std::map<std::string, std::unique_ptr<Query>> sub_queries;  // by text
  };
  void RunRule(const Compiled& compiled, TSNode root, const SourceFile& file,
               FileFacts* facts) const;

  std::vector<std::unique_ptr<Rule>> rules_;
  std::map<std::string, std::vector<Compiled>> by_grammar_;
  size_t rule_count_ = 0;
  bool whole_file_ = false;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_RULE_ENGINE_H_
