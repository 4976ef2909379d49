#include "analyzer/extract/source/parameter_default.h"

#include <cstring>

#include "analyzer/extract/source/ancestors.h"
#include "analyzer/extract/source/query.h"

namespace ampcheck {
namespace {

TSNode Field(TSNode node, const char* name) {
  return ts_node_child_by_field_name(node, name,
                                     static_cast<uint32_t>(std::strlen(name)));
}

bool IsIdentifier(TSNode node) {
  const char* type = ts_node_type(node);
  return std::strcmp(type, "identifier") == 0 ||
         std::strcmp(type, "simple_identifier") == 0;
}

// The parameter list of a function-like node, or a null node.
TSNode ParametersOf(TSNode node) {
  TSNode params = Field(node, "parameters");
  if (!ts_node_is_null(params)) return params;
  for (uint32_t i = 0; i < ts_node_named_child_count(node); ++i) {
    TSNode child = ts_node_named_child(node, i);
    if (std::strcmp(ts_node_type(child), "function_value_parameters") == 0)
      return child;  // Kotlin
  }
  return TSNode{};
}

struct Lookup {
  bool found = false;  // `name` is one of the parameters
  std::optional<std::string> value;
};

// One parameter: its name node and default node (null when none).
void NameAndDefault(TSNode p, TSNode* name, TSNode* value) {
  for (const char* field : {"name", "left", "pattern"}) {
    *name = Field(p, field);
    if (!ts_node_is_null(*name)) break;
  }
  for (const char* field : {"value", "right", "default_value"}) {
    *value = Field(p, field);
    if (!ts_node_is_null(*value)) return;
  }
  for (uint32_t i = 0; i < ts_node_named_child_count(p); ++i) {
    TSNode child = ts_node_named_child(p, i);
    if (std::strcmp(ts_node_type(child), "equals_value_clause") == 0 &&
        ts_node_named_child_count(child) > 0) {  // C#
      *value = ts_node_named_child(child, 0);
      return;
    }
  }
}

Lookup Find(TSNode params, const std::string& name, std::string_view source) {
  Lookup out;
  uint32_t count = ts_node_child_count(params);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode p = ts_node_child(params, i);
    if (!ts_node_is_named(p)) continue;
    TSNode name_node{}, value{};
    if (std::strcmp(ts_node_type(p), "parameter") == 0 &&
        ts_node_named_child_count(p) > 0 && ts_node_is_null(Field(p, "name"))) {
      // Kotlin: `parameter` then `=` and the default as siblings.
      name_node = ts_node_named_child(p, 0);
      if (i + 2 < count &&
          std::strcmp(ts_node_type(ts_node_child(params, i + 1)), "=") == 0)
        value = ts_node_child(params, i + 2);
    } else if (IsIdentifier(p)) {
      name_node = p;  // a plain parameter (Python, JS)
    } else {
      NameAndDefault(p, &name_node, &value);
    }
    if (ts_node_is_null(name_node) || NodeText(name_node, source) != name)
      continue;
    out.found = true;
    if (!ts_node_is_null(value)) out.value = NodeText(value, source);
    return out;
  }
  return out;
}

}  // namespace

std::optional<std::string> ParameterDefault(TSNode identifier,
                                            std::string_view source) {
  if (!IsIdentifier(identifier)) return std::nullopt;
  std::string name = NodeText(identifier, source);
  std::vector<TSNode> chain = Ancestors(identifier);
  for (size_t at = 1; at < chain.size(); ++at) {
    TSNode params = ParametersOf(chain[at]);
    if (ts_node_is_null(params)) continue;
    Lookup lookup = Find(params, name, source);
    if (lookup.found) return lookup.value;
  }
  return std::nullopt;
}

}  // namespace ampcheck
