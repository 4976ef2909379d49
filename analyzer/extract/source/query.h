// A compiled tree-sitter query with its predicates, which the 0.20 C API
// parses but does not evaluate: ampcheck evaluates #eq?, #not-eq?, #match?,
// #not-match?, #any-of? and #not-any-of? itself.
#ifndef AMPCHECK_EXTRACT_SOURCE_QUERY_H_
#define AMPCHECK_EXTRACT_SOURCE_QUERY_H_

#include <tree_sitter/api.h>

#include <map>
#include <memory>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace ampcheck {

// The nodes each capture matched, by capture name.
using Captures = std::map<std::string, std::vector<TSNode>>;

std::string NodeText(TSNode node, std::string_view source);

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

  // Every match in `node` whose predicates hold.
  std::vector<Captures> Run(TSNode node, std::string_view source) const;
  std::vector<std::string> CaptureNames() const;

 private:
  struct Predicate {
    std::string op;  // "eq?", "not-eq?", "match?", ...
    uint32_t capture = 0;
    bool other_is_capture = false;
    uint32_t other_capture = 0;
    std::vector<std::string> values;
    std::shared_ptr<std::regex> regex;
  };
  Query() = default;
  bool Holds(const Predicate& predicate, const TSQueryMatch& match,
             std::string_view source) const;

  TSQuery* query_ = nullptr;
  std::vector<std::vector<Predicate>> predicates_;  // per pattern
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_QUERY_H_
