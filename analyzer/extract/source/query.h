// A compiled tree-sitter query with its predicates, which the 0.20 C API
// parses but does not evaluate: ampcheck evaluates #eq?, #not-eq?, #match?,
// #not-match?, #any-of? and #not-any-of? itself.
#ifndef AMPCHECK_EXTRACT_SOURCE_QUERY_H_
#define AMPCHECK_EXTRACT_SOURCE_QUERY_H_

#include <tree_sitter/api.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}  // namespace re2

namespace ampcheck {

// The nodes each capture matched, by capture name.
using Captures = std::map<std::string, std::vector<TSNode>>;

std::string NodeText(TSNode node, std::string_view source);

// What lets a query run only around parts of a file: every match of every
// pattern captures a node whose text contains one of `words` (the literals
// of #eq?, #any-of? and plain #match? predicates on captures every match
// has), and every pattern is rooted at a node of one of `root_types`.
struct QueryAnchors {
  std::vector<std::string> words;
  std::set<std::string> root_types;
};

class Query {
 public:
  // Compiles; null with *error ("line 3: syntax error ...", lines 1-based
  // within the query text) on failure.
  static std::unique_ptr<Query> Compile(const TSLanguage* language,
                                        const std::string& text,
                                        std::string* error);
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  // At most this many matches in progress at once (tree-sitter's match
  // limit): a pathological file cannot make one query unbounded.
  static constexpr uint32_t kMatchLimit = 1u << 16;

  // Every match in `node` whose predicates hold; *exceeded_match_limit is
  // set when tree-sitter dropped matches at `match_limit`.
  std::vector<Captures> Run(TSNode node, std::string_view source,
                            bool* exceeded_match_limit = nullptr,
                            uint32_t match_limit = kMatchLimit) const;
  std::vector<std::string> CaptureNames() const;
  // The anchors of every pattern, or nullopt when some pattern has none (it
  // must then run over the whole file).
  const std::optional<QueryAnchors>& anchors() const { return anchors_; }

 private:
  struct Predicate {
    std::string op;  // "eq?", "not-eq?", "match?", ...
    uint32_t capture = 0;
    bool other_is_capture = false;
    uint32_t other_capture = 0;
    std::vector<std::string> values;
    std::shared_ptr<const re2::RE2> regex;  // RE2 syntax, compiled once
  };
  Query() = default;
  bool Holds(const Predicate& predicate, const TSQueryMatch& match,
             std::string_view source) const;

  std::optional<QueryAnchors> FindAnchors(const std::string& text) const;

  TSQuery* query_ = nullptr;
  std::optional<QueryAnchors> anchors_;
  std::vector<std::vector<Predicate>> predicates_;  // per pattern
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_QUERY_H_
