// Validates YAML documents against a schema written as data
// (rules/schema.yaml). Errors carry the line of the offending node.
#ifndef AMPCHECK_EXTRACT_SOURCE_RULE_SCHEMA_H_
#define AMPCHECK_EXTRACT_SOURCE_RULE_SCHEMA_H_

#include <string>
#include <vector>

#include "analyzer/yaml/node.h"

namespace ampcheck {

struct SchemaError {
  int line = 0;  // 1-based
  std::string message;
};

class RuleSchema {
 public:
  // Loads the schema; false with *error when the schema itself is malformed.
  bool Load(const std::string& path, std::string* error);
  bool LoadString(const std::string& text, std::string* error);
  std::vector<SchemaError> Validate(const yaml::Node& document) const;

 private:
  void Check(const yaml::Node& spec, const yaml::Node& node,
             const std::string& where, std::vector<SchemaError>* errors) const;
  void CheckMap(const yaml::Node& fields, const yaml::Node& node,
                const std::string& where,
                std::vector<SchemaError>* errors) const;
  yaml::Node schema_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_RULE_SCHEMA_H_
