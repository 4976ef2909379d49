// Runs declarative rules over source files: prefilter, parse once, run each
// rule's query, turn captures into LayerFacts and CallSiteFacts.
#ifndef AMPCHECK_EXTRACT_SOURCE_RULE_ENGINE_H_
#define AMPCHECK_EXTRACT_SOURCE_RULE_ENGINE_H_

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "analyzer/base/line_index.h"
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

// The work one source file may cost (docs/inputs.md): past a bound the
// file, or the rules not run yet, are skipped with a diagnostic naming it.
struct SourceBounds {
  uint64_t parse_timeout_micros = 10'000'000;  // one tree-sitter parse
  double file_budget_seconds = 30;             // every rule of one file
  uint32_t match_limit = Query::kMatchLimit;   // matches in progress at once
};

class RuleEngine : public Extractor {
 public:
  // Compiles every rule for each grammar it applies to; rules that fail to
  // compile become diagnostics naming the rule file and line. A rule marked
  // compile_when_used is compiled the first time a file passes its
  // prefilter (compiling a query costs milliseconds: all shipped rules take
  // about 0.4 s), and a failure is reported by each file that needed it.
  RuleEngine(const std::vector<Rule>& rules,
             std::vector<Diagnostic>* diagnostics);
  ~RuleEngine() override;

  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
  // Ignores the test-code filter (for fixtures).
  void ExtractAlways(const SourceFile& file, FileFacts* facts) const;
  size_t rule_count() const { return rule_count_; }
  // Compiles every rule not compiled yet; what failed, for tests of the
  // shipped rules.
  std::vector<Diagnostic> CompileAll() const;
  // Runs every query over the whole tree instead of only the windows around
  // its anchor words (MatchWindows); the results must be the same, which
  // tests check with this.
  void set_whole_file(bool whole_file) { whole_file_ = whole_file; }
  void set_bounds(const SourceBounds& bounds) { bounds_ = bounds; }

 private:
  // One rule for one grammar; compiled once, by whichever thread first
  // needs it.
  struct Compiled {
    const Rule* rule = nullptr;
    std::string grammar;
    const TSLanguage* language = nullptr;
    std::mutex mutex;               // held while compiling
    std::atomic<bool> done{false};  // Compile has run
    std::unique_ptr<Query> query;
    std::map<std::string, std::unique_ptr<Query>> sub_queries;  // by text
    std::vector<Diagnostic> problems;  // why it cannot run
  };
  static void Compile(Compiled* compiled);
  // Compiles on first use; false when the rule cannot run.
  static bool EnsureCompiled(Compiled& compiled);
  // Compiles unless another thread is compiling it: false then, and nothing
  // was waited for.
  static bool TryCompile(Compiled& compiled);
  // False when the query dropped matches at its match limit.
  bool RunRule(const Compiled& compiled, TSNode root, const SourceFile& file,
               const LineIndex& lines, FileFacts* facts) const;

  std::vector<std::unique_ptr<Rule>> rules_;
  std::map<std::string, std::vector<std::unique_ptr<Compiled>>> by_grammar_;
  size_t rule_count_ = 0;
  bool whole_file_ = false;
  SourceBounds bounds_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_RULE_ENGINE_H_
