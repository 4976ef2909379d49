// Validates YAML documents against a schema written as data
// (rules/schema.yaml). Errors carry the line of the offending node.
#ifndef AMPCHECK_EXTRACT_SOURCE_RULE_SCHEMA_H_
#define AMPCHECK_EXTRACT_SOURCE_RULE_SCHEMA_H_

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

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
  std::vector<SchemaError> Validate(const YAML::Node& document) const;

 private:
  void Check(const YAML::Node& spec, const YAML::Node& node,
             const std::string& where, std::vector<SchemaError>* errors) const;
  void CheckMap(const YAML::Node& fields, const YAML::Node& node,
                const std::string& where,
                std::vector<SchemaError>* errors) const;
  YAML::Node schema_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_RULE_SCHEMA_H_
