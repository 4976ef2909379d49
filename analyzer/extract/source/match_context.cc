#include "analyzer/extract/source/match_context.h"

#include <cctype>
#include <cstring>
#include <optional>
#include <set>

#include "analyzer/extract/source/ancestors.h"
#include "analyzer/extract/source/query.h"

namespace ampcheck {
namespace {

bool IsFunction(const char* type) {
  static const char* kTypes[] = {
      "function_declaration",    "method_declaration",
      "function_definition",     "method_definition",
      "constructor_declaration", "local_function_statement",
      "function_item",           "secondary_constructor"};
  for (const char* t : kTypes) {
    if (std::strcmp(type, t) == 0) return true;
  }
  return false;
}

bool IsType(const char* type) {
  static const char* kTypes[] = {"class_declaration",     "class_definition",
                                 "interface_declaration", "object_declaration",
                                 "record_declaration",    "class",
                                 "struct_declaration",    "type_spec"};
  for (const char* t : kTypes) {
    if (std::strcmp(type, t) == 0) return true;
  }
  return false;
}

bool IsContainer(const char* type) {
  static const char* kTypes[] = {
      "class_body", "declaration_list", "program",   "source_file",
      "module",     "compilation_unit", "enum_body", "interface_body"};
  for (const char* t : kTypes) {
    if (std::strcmp(type, t) == 0) return true;
  }
  return false;
}

// Nodes whose children are statements: a block, a body, a file.
bool HoldsStatements(const char* type) {
  static const char* kTypes[] = {"block",
                                 "statements",
                                 "function_body",
                                 "class_body",
                                 "declaration_list",
                                 "compilation_unit",
                                 "program",
                                 "source_file",
                                 "module",
                                 "constructor_body",
                                 "statement_list"};
  for (const char* t : kTypes) {
    if (std::strcmp(type, t) == 0) return true;
  }
  return false;
}

std::string NameOf(TSNode node, std::string_view source) {
  TSNode name = ts_node_child_by_field_name(node, "name", 4);
  if (!ts_node_is_null(name)) return NodeText(name, source);
  // Kotlin: (class_declaration (type_identifier)), (function_declaration
  // (simple_identifier)).
  for (uint32_t i = 0; i < ts_node_named_child_count(node); ++i) {
    TSNode child = ts_node_named_child(node, i);
    const char* type = ts_node_type(child);
    if (std::strcmp(type, "type_identifier") == 0 ||
        std::strcmp(type, "simple_identifier") == 0) {
      return NodeText(child, source);
    }
  }
  return "";
}

// The innermost function around the match: its text and lines.
void SetScope(TSNode n, std::string_view source, MatchContext* context) {
  context->scope_text = source.substr(
      ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n));
  context->scope_first_line = static_cast<int>(ts_node_start_point(n).row) + 1;
  context->scope_last_line = static_cast<int>(ts_node_end_point(n).row) + 1;
}

}  // namespace

MatchContext ContextOf(TSNode node, std::string_view source) {
  MatchContext context;
  context.scope_text = source;
  bool have_scope = false;
  std::optional<TSNode> top_level;  // the declaration directly in a body
  bool in_statement_scope = true;   // below the innermost function or type
  std::vector<TSNode> chain = Ancestors(node);
  for (size_t at = 0; at < chain.size(); ++at) {
    TSNode n = chain[at];
    const char* type = ts_node_type(n);
    TSNode parent = at + 1 < chain.size() ? chain[at + 1] : TSNode{};
    if (IsFunction(type) || IsType(type) ||
        std::strcmp(type, "decorated_definition") == 0 ||
        std::strcmp(type, "anonymous_initializer") == 0 ||  // Kotlin init
        std::strcmp(type, "static_initializer") == 0) {
      in_statement_scope = false;
    }
    if (in_statement_scope && !ts_node_is_null(parent) &&
        HoldsStatements(ts_node_type(parent))) {
      // Keep climbing: the outermost statement wins over one in a lambda.
      context.statement_first_line =
          static_cast<int>(ts_node_start_point(n).row) + 1;
      context.statement_last_line =
          static_cast<int>(ts_node_end_point(n).row) + 1;
    }
    if (!top_level && !ts_node_is_null(parent) &&
        IsContainer(ts_node_type(parent))) {
      top_level = n;
    }
    if (std::strcmp(type, "decorated_definition") == 0) {
      TSNode definition = ts_node_child_by_field_name(n, "definition", 10);
      if (!ts_node_is_null(definition)) {
        context.enclosing_names.push_back(NameOf(definition, source));
        if (!have_scope) {
          SetScope(n, source, &context);
          have_scope = true;
        }
      }
      continue;
    }
    if (IsFunction(type)) {
      context.enclosing_names.push_back(NameOf(n, source));
      if (context.function_name.empty() && context.type_name.empty())
        context.function_name = context.enclosing_names.back();
      TSNode receiver = ts_node_child_by_field_name(n, "receiver", 8);
      if (!ts_node_is_null(receiver))
        context.enclosing_names.push_back(NodeText(receiver, source));
      if (!have_scope) {
        SetScope(n, source, &context);
        have_scope = true;
      }
    } else if (IsType(type)) {
      context.enclosing_names.push_back(NameOf(n, source));
      if (context.type_name.empty())
        context.type_name = context.enclosing_names.back();
    }
  }
  if (!have_scope && top_level) {
    context.scope_text = source.substr(
        ts_node_start_byte(*top_level),
        ts_node_end_byte(*top_level) - ts_node_start_byte(*top_level));
  }
  return context;
}

std::vector<std::string> IdentifierWords(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) words.push_back(word);
    word.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      flush();
      continue;
    }
    bool upper = std::isupper(static_cast<unsigned char>(c));
    // camelCase boundary; keep acronyms together ("DBClient" -> db, client).
    if (upper && !word.empty()) {
      bool prev_lower = std::islower(static_cast<unsigned char>(text[i - 1]));
      bool next_lower = i + 1 < text.size() &&
                        std::islower(static_cast<unsigned char>(text[i + 1]));
      if (prev_lower || (next_lower && std::isupper(static_cast<unsigned char>(
                                           text[i - 1])))) {
        flush();
      }
    }
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  flush();
  return words;
}

std::string NearMissWord(std::string_view match_text,
                         const MatchContext& context) {
  static const std::set<std::string> kWords = {
      "db",          "database",  "sql",        "sqlx",       "jdbc",
      "gorm",        "pgx",       "postgres",   "postgresql", "mysql",
      "mongo",       "mongodb",   "redis",      "datasource", "hikari",
      "sqlalchemy",  "psycopg2",  "dbcontext",  "health",     "healthz",
      "healthcheck", "readiness", "liveness",   "startup",    "warmup",
      "migrate",     "migration", "migrations", "bootstrap"};
  for (const std::string& word : IdentifierWords(match_text)) {
    if (kWords.count(word)) return word;
  }
  // Only the innermost function: a retry inside a helper of a class that
  // also talks to a database still counts.
  if (!context.enclosing_names.empty()) {
    for (const std::string& word :
         IdentifierWords(context.enclosing_names.front())) {
      if (kWords.count(word)) return word;
    }
  }
  return "";
}

}  // namespace ampcheck

namespace ampcheck {

SourceScope ScopeOf(const MatchContext& context) {
  SourceScope scope;
  scope.type = context.type_name;
  scope.function = context.function_name;
  if (scope.function.empty() && context.scope_first_line > 0 &&
      !context.enclosing_names.empty()) {
    scope.function = context.enclosing_names.front();  // decorated definition
  }
  scope.first_line = context.scope_first_line;
  scope.last_line = context.scope_last_line;
  scope.statement_first_line = context.statement_first_line;
  scope.statement_last_line = context.statement_last_line;
  return scope;
}

std::string ConnectionScope(const MatchContext& context, LayerKind kind) {
  // Names of connections to a data store, not a service: a retry in a class
  // named so (RetryableDataSource.getConnection) retries connecting to it.
  // Compound names match inside the type's name, short ones only as a whole
  // word of it.
  static const char* kCompound[] = {"datasource", "dbcontext", "jdbc", "hikari",
                                    "connectionpool"};
  static const std::set<std::string> kWords = {
      "redis", "mongo", "mongodb", "postgres", "mysql", "sqlite", "cassandra"};
  if (context.type_name.empty()) return "";
  std::string lower;
  for (char ch : context.type_name)
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  std::string hit;
  for (const char* word : kCompound) {
    if (lower.find(word) != std::string::npos) hit = word;
  }
  for (const std::string& word : IdentifierWords(context.type_name)) {
    if (hit.empty() && kWords.count(word)) hit = word;
  }
  if (!hit.empty()) {
    return "a data store connection (enclosing type " + context.type_name +
           " names " + hit + ")";
  }
  // A publisher's retry (RabbitMQEventBus.PublishAsync) wraps the broker.
  static const char* kBrokers[] = {"rabbit", "kafkaproducer", "eventbus",
                                   "amqp", "servicebus"};
  if (kind == LayerKind::kConsumer) return "";
  for (const char* word : kBrokers) {
    if (lower.find(word) != std::string::npos) {
      return std::string("a message broker connection (enclosing type ") +
             context.type_name + " names " + word + ")";
    }
  }
  return "";
}

}  // namespace ampcheck
