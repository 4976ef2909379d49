// What surrounds a rule match: the enclosing functions and types, and whether
// the match is a near miss that must stay silent (retries around a database
// connection, a start-up or health-check loop).
#ifndef AMPCHECK_EXTRACT_SOURCE_MATCH_CONTEXT_H_
#define AMPCHECK_EXTRACT_SOURCE_MATCH_CONTEXT_H_

#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/base/layer.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

struct MatchContext {
  // Names of the enclosing functions, methods, classes and Go receiver types,
  // innermost first.
  std::vector<std::string> enclosing_names;
  std::string function_name;  // the innermost function or method, or ""
  std::string type_name;      // the innermost class or type, or ""
  // The text of the innermost enclosing function (the file when top level).
  std::string_view scope_text;
  // Lines of that function (or decorated definition); 0 when top level.
  int scope_first_line = 0;
  int scope_last_line = 0;
  // Lines of the outermost statement around the match inside that function
  // (a builder chain); 0 when none.
  int statement_first_line = 0;
  int statement_last_line = 0;
};

MatchContext ContextOf(TSNode node, std::string_view source);

// Identifier words ("connectDB" -> connect, db) in text.
std::vector<std::string> IdentifierWords(std::string_view text);

// The near-miss word found in the match or its enclosing names ("db",
// "health", "startup", ...), or "" when the match is a service call.
std::string NearMissWord(std::string_view match_text,
                         const MatchContext& context);

// The enclosing type and function of a match, as facts keep them.
SourceScope ScopeOf(const MatchContext& context);

// Why a match wraps a data store or broker connection rather than a service
// call ("a data store connection (enclosing type RetryableDataSource names
// datasource)"), from the enclosing type's name; "" otherwise. Such a layer
// is on no call. A consumer layer is never one: redelivery re-runs the
// handler and every call it makes.
std::string ConnectionScope(const MatchContext& context, LayerKind kind);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_MATCH_CONTEXT_H_
