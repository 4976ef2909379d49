#include "analyzer/extract/source/query.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "analyzer/base/regex.h"

namespace ampcheck {
namespace {

const char* QueryErrorName(TSQueryError error) {
  switch (error) {
    case TSQueryErrorSyntax:
      return "syntax error";
    case TSQueryErrorNodeType:
      return "unknown node type";
    case TSQueryErrorField:
      return "unknown field";
    case TSQueryErrorCapture:
      return "unknown capture";
    case TSQueryErrorStructure:
      return "impossible pattern structure";
    case TSQueryErrorLanguage:
      return "incompatible language";
    default:
      return "error";
  }
}

// The texts a #match? regex can only match by containing one of them: a
// regex without metacharacters ("Retry"), "^word$" and "^(a|b)$"; empty for
// any other regex.
std::vector<std::string> LiteralsOfRegex(const std::string& regex) {
  auto plain = [](std::string_view text) {
    return !text.empty() &&
           text.find_first_of("\\^$.|?*+()[]{}") == std::string_view::npos;
  };
  if (plain(regex)) return {regex};
  std::string_view body = regex;
  if (body.size() < 3 || body.front() != '^' || body.back() != '$') return {};
  body = body.substr(1, body.size() - 2);
  if (plain(body)) return {std::string(body)};
  if (body.size() < 3 || body.front() != '(' || body.back() != ')') return {};
  body = body.substr(1, body.size() - 2);
  std::vector<std::string> out;
  for (size_t start = 0;;) {
    size_t bar = body.find('|', start);
    std::string_view part = body.substr(start, bar - start);
    if (!plain(part)) return {};
    out.emplace_back(part);
    if (bar == std::string_view::npos) break;
    start = bar + 1;
  }
  return out;
}

// The node type a pattern's text starts with ("(call_expression ..." gives
// "call_expression"), or "" for wildcards, alternations and groups.
std::string RootTypeOfPattern(std::string_view text) {
  if (text.empty() || text[0] != '(') return "";
  size_t end = 1;
  while (end < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[end])) ||
          text[end] == '_')) {
    ++end;
  }
  std::string type(text.substr(1, end - 1));
  if (type.empty() || type == "_" || end >= text.size()) return "";
  char next = text[end];
  if (next != ')' && !std::isspace(static_cast<unsigned char>(next))) return "";
  return type;
}

// The 1-based line, within the query text, of the `index`-th (0-based)
// #match? or #not-match? predicate at or after byte `from`; the line of
// `from` when there are fewer.
int LineOfRegexPredicate(std::string_view text, size_t from, int index) {
  from = std::min(from, text.size());
  size_t at = from;
  for (int seen = 0;; ++seen) {
    size_t next = text.find("match?", at);
    while (next != text.npos && !(next >= 1 && text[next - 1] == '#') &&
           !(next >= 5 && text.substr(next - 5, 5) == "#not-")) {
      next = text.find("match?", next + 1);
    }
    if (next == text.npos) {
      at = from;
      break;
    }
    at = next;
    if (seen == index) break;
    at = next + 1;
  }
  return 1 + std::count(text.begin(), text.begin() + at, '\n');
}

}  // namespace

std::string NodeText(TSNode node, std::string_view source) {
  uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
  if (start > source.size() || end > source.size() || end < start) return "";
  return std::string(source.substr(start, end - start));
}

std::unique_ptr<Query> Query::Compile(const TSLanguage* language,
                                      const std::string& text,
                                      std::string* error) {
  uint32_t offset = 0;
  TSQueryError kind = TSQueryErrorNone;
  TSQuery* raw =
      ts_query_new(language, text.data(), text.size(), &offset, &kind);
  if (!raw) {
    int line =
        1 + std::count(text.begin(),
                       text.begin() + std::min<size_t>(offset, text.size()),
                       '\n');
    *error = fmt::format("line {}: {} in query near '{}'", line,
                         QueryErrorName(kind), text.substr(offset, 30));
    return nullptr;
  }
  std::unique_ptr<Query> query(new Query());
  query->query_ = raw;
  uint32_t patterns = ts_query_pattern_count(raw);
  query->predicates_.resize(patterns);
  for (uint32_t p = 0; p < patterns; ++p) {
    uint32_t steps = 0;
    const TSQueryPredicateStep* step =
        ts_query_predicates_for_pattern(raw, p, &steps);
    std::vector<TSQueryPredicateStep> current;
    int regex_predicates = 0;  // so far in this pattern, for error lines
    for (uint32_t i = 0; i < steps; ++i) {
      if (step[i].type != TSQueryPredicateStepTypeDone) {
        current.push_back(step[i]);
        continue;
      }
      auto string_of = [&](uint32_t id) {
        uint32_t length = 0;
        const char* s = ts_query_string_value_for_id(raw, id, &length);
        return std::string(s, length);
      };
      if (current.size() < 3 ||
          current[0].type != TSQueryPredicateStepTypeString ||
          current[1].type != TSQueryPredicateStepTypeCapture) {
        *error = fmt::format(
            "pattern {}: a predicate needs an operator, a capture and a value",
            p + 1);
        return nullptr;
      }
      Predicate predicate;
      predicate.op = string_of(current[0].value_id);
      predicate.capture = current[1].value_id;
      if (current[2].type == TSQueryPredicateStepTypeCapture) {
        predicate.other_is_capture = true;
        predicate.other_capture = current[2].value_id;
      }
      for (size_t k = 2; k < current.size(); ++k) {
        if (current[k].type == TSQueryPredicateStepTypeString) {
          predicate.values.push_back(string_of(current[k].value_id));
        }
      }
      static const char* kKnown[] = {"eq?",        "not-eq?", "match?",
                                     "not-match?", "any-of?", "not-any-of?"};
      if (std::find_if(std::begin(kKnown), std::end(kKnown),
                       [&](const char* k) { return predicate.op == k; }) ==
          std::end(kKnown)) {
        *error = fmt::format("pattern {}: unsupported predicate #{}", p + 1,
                             predicate.op);
        return nullptr;
      }
      if (predicate.op == "match?" || predicate.op == "not-match?") {
        if (predicate.values.empty()) {
          *error =
              fmt::format("pattern {}: #{} needs a regex", p + 1, predicate.op);
          return nullptr;
        }
        std::string reason;
        predicate.regex = CompileRegex(predicate.values[0], &reason);
        if (!predicate.regex) {
          int line = LineOfRegexPredicate(
              text, ts_query_start_byte_for_pattern(raw, p), regex_predicates);
          *error = fmt::format(
              "line {}: #{} pattern '{}' is not RE2 syntax: {} (RE2 has no "
              "lookaround and no backreferences; see docs/rules.md)",
              line, predicate.op, predicate.values[0], reason);
          return nullptr;
        }
        ++regex_predicates;
      }
      query->predicates_[p].push_back(std::move(predicate));
      current.clear();
    }
  }
  query->anchors_ = query->FindAnchors(text);
  return query;
}

std::optional<QueryAnchors> Query::FindAnchors(const std::string& text) const {
  QueryAnchors anchors;
  for (uint32_t p = 0; p < predicates_.size(); ++p) {
    uint32_t start = ts_query_start_byte_for_pattern(query_, p);
    std::string root = RootTypeOfPattern(
        std::string_view(text).substr(std::min<size_t>(start, text.size())));
    if (root.empty() || !ts_query_is_pattern_rooted(query_, p))
      return std::nullopt;
    anchors.root_types.insert(root);
    // The anchor with the longest shortest word: the fewest places to look.
    std::vector<std::string> best;
    size_t best_length = 0;
    for (const Predicate& predicate : predicates_[p]) {
      TSQuantifier quantifier =
          ts_query_capture_quantifier_for_id(query_, p, predicate.capture);
      if (quantifier != TSQuantifierOne && quantifier != TSQuantifierOneOrMore)
        continue;  // the capture may be absent and the predicate then holds
      std::vector<std::string> words;
      if (predicate.op == "eq?" && !predicate.other_is_capture) {
        words = {predicate.values[0]};
      } else if (predicate.op == "any-of?") {
        words = predicate.values;
      } else if (predicate.op == "match?") {
        words = LiteralsOfRegex(predicate.values[0]);
      }
      if (words.empty()) continue;
      size_t shortest = std::min_element(words.begin(), words.end(),
                                         [](const auto& a, const auto& b) {
                                           return a.size() < b.size();
                                         })
                            ->size();
      if (shortest > best_length) {
        best = std::move(words);
        best_length = shortest;
      }
    }
    if (best.empty()) return std::nullopt;
    for (std::string& word : best) {
      if (std::find(anchors.words.begin(), anchors.words.end(), word) ==
          anchors.words.end()) {
        anchors.words.push_back(std::move(word));
      }
    }
  }
  if (anchors.words.empty()) return std::nullopt;
  return anchors;
}

Query::~Query() {
  if (query_) ts_query_delete(query_);
}

std::vector<std::string> Query::CaptureNames() const {
  std::vector<std::string> names;
  for (uint32_t i = 0; i < ts_query_capture_count(query_); ++i) {
    uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(query_, i, &length);
    names.emplace_back(name, length);
  }
  return names;
}

bool Query::Holds(const Predicate& predicate, const TSQueryMatch& match,
                  std::string_view source) const {
  // A predicate on a capture the match does not have (an optional part that
  // did not match) holds: it constrains only what is present.
  std::vector<std::string> texts;
  std::string other;
  bool has_other = false;
  for (uint16_t i = 0; i < match.capture_count; ++i) {
    if (match.captures[i].index == predicate.capture) {
      texts.push_back(NodeText(match.captures[i].node, source));
    }
    if (predicate.other_is_capture &&
        match.captures[i].index == predicate.other_capture) {
      other = NodeText(match.captures[i].node, source);
      has_other = true;
    }
  }
  if (texts.empty()) return true;
  for (const std::string& text : texts) {
    bool ok = true;
    if (predicate.op == "eq?" || predicate.op == "not-eq?") {
      bool equal = predicate.other_is_capture ? (!has_other || text == other)
                                              : text == predicate.values[0];
      ok = (predicate.op == "eq?") == equal;
    } else if (predicate.op == "match?" || predicate.op == "not-match?") {
      ok = (predicate.op == "match?") ==
           RE2::PartialMatch(text, *predicate.regex);
    } else {
      bool any = std::find(predicate.values.begin(), predicate.values.end(),
                           text) != predicate.values.end();
      ok = (predicate.op == "any-of?") == any;
    }
    if (!ok) return false;
  }
  return true;
}

std::vector<Captures> Query::Run(TSNode node, std::string_view source,
                                 bool* exceeded_match_limit,
                                 uint32_t match_limit) const {
  std::vector<Captures> out;
  TSQueryCursor* cursor = ts_query_cursor_new();
  ts_query_cursor_set_match_limit(cursor, match_limit);
  ts_query_cursor_exec(cursor, query_, node);
  TSQueryMatch match;
  uint32_t node_start = ts_node_start_byte(node),
           node_end = ts_node_end_byte(node);
  while (ts_query_cursor_next_match(cursor, &match)) {
    bool ok = true;
    for (const Predicate& predicate : predicates_[match.pattern_index]) {
      if (!Holds(predicate, match, source)) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    Captures captures;
    for (uint16_t i = 0; i < match.capture_count; ++i) {
      TSNode captured = match.captures[i].node;
      if (ts_node_start_byte(captured) < node_start ||
          ts_node_end_byte(captured) > node_end) {
        ok = false;
      }
      uint32_t length = 0;
      const char* name = ts_query_capture_name_for_id(
          query_, match.captures[i].index, &length);
      captures[std::string(name, length)].push_back(captured);
    }
    if (ok) out.push_back(std::move(captures));
  }
  if (exceeded_match_limit && ts_query_cursor_did_exceed_match_limit(cursor))
    *exceeded_match_limit = true;
  ts_query_cursor_delete(cursor);
  return out;
}

}  // namespace ampcheck
