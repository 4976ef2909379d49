#include "analyzer/extract/source/rule_schema.h"

#include <fmt/format.h>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

int LineOf(const yaml::Node& node) { return node.Mark().line + 1; }

bool IsNumber(const yaml::Node& node, bool integer) {
  if (!node.IsScalar()) return false;
  if (integer) {
    // Decimal digits only: YAML readers disagree on "09" (decimal 9, or a
    // bad octal number), so a leading zero is refused rather than guessed.
    const std::string& text = node.Scalar();
    size_t digits = text.find_first_not_of("+-");
    if (digits != std::string::npos && text[digits] == '0' &&
        digits + 1 < text.size())
      return false;
    long long value = 0;
    return ParseInt(text, &value);
  }
  try {
    node.as<double>();
    return true;
  } catch (...) {
    return false;
  }
}

}  // namespace

bool RuleSchema::LoadString(const std::string& text, std::string* error) {
  try {
    schema_ = yaml::Load(text);
  } catch (const yaml::Exception& e) {
    *error = e.what();
    return false;
  }
  if (!schema_["fields"].IsMap()) {
    *error = "schema has no fields map";
    return false;
  }
  return true;
}

bool RuleSchema::Load(const std::string& path, std::string* error) {
  try {
    schema_ = yaml::LoadFile(path);
  } catch (const yaml::Exception& e) {
    *error = fmt::format("{}: {}", path, e.what());
    return false;
  }
  if (!schema_["fields"].IsMap()) {
    *error = path + ": schema has no fields map";
    return false;
  }
  return true;
}

std::vector<SchemaError> RuleSchema::Validate(
    const yaml::Node& document) const {
  std::vector<SchemaError> errors;
  if (!document.IsMap()) {
    errors.push_back({LineOf(document), "a rule is a YAML mapping"});
    return errors;
  }
  CheckMap(schema_["fields"], document, "", &errors);
  return errors;
}

void RuleSchema::CheckMap(const yaml::Node& fields, const yaml::Node& node,
                          const std::string& where,
                          std::vector<SchemaError>* errors) const {
  for (const auto& entry : node) {
    std::string key = entry.first.Scalar();
    if (!fields[key]) {
      errors->push_back({LineOf(entry.first),
                         fmt::format("unknown field '{}{}'", where, key)});
      continue;
    }
    Check(fields[key], entry.second, where + key, errors);
  }
  for (const auto& field : fields) {
    if (field.second["required"] && field.second["required"].as<bool>() &&
        !node[field.first.Scalar()]) {
      errors->push_back(
          {LineOf(node), fmt::format("missing required field '{}{}'", where,
                                     field.first.Scalar())});
    }
  }
}

void RuleSchema::Check(const yaml::Node& spec, const yaml::Node& node,
                       const std::string& where,
                       std::vector<SchemaError>* errors) const {
  std::string type = spec["type"] ? spec["type"].Scalar() : "scalar";
  if (type == "ref") {
    Check(schema_["definitions"][spec["ref"].Scalar()], node, where, errors);
    return;
  }
  auto fail = [&](const std::string& message) {
    errors->push_back({LineOf(node), fmt::format("'{}': {}", where, message)});
  };
  if (type == "map") {
    if (!node.IsMap()) return fail("expected a mapping");
    CheckMap(spec["fields"], node, where + ".", errors);
    return;
  }
  if (type == "list") {
    if (!node.IsSequence()) return fail("expected a list");
    for (size_t i = 0; i < node.size(); ++i) {
      Check(spec["items"], node[i], fmt::format("{}[{}]", where, i), errors);
    }
    return;
  }
  if (!node.IsScalar()) return fail("expected a " + type);
  if ((type == "number" && !IsNumber(node, false)) ||
      (type == "integer" && !IsNumber(node, true))) {
    return fail(fmt::format("expected a {}, got '{}'", type, node.Scalar()));
  }
  if (type == "bool" && node.Scalar() != "true" && node.Scalar() != "false") {
    return fail("expected true or false");
  }
  if (spec["enum"]) {
    bool found = false;
    std::vector<std::string> names;
    for (const auto& value : spec["enum"]) {
      names.push_back(value.Scalar());
      found = found || value.Scalar() == node.Scalar();
    }
    if (!found) {
      return fail(fmt::format("'{}' is not one of {}", node.Scalar(),
                              Join(names, ", ")));
    }
  }
  if (spec["pattern"]) {
    std::string error;
    auto pattern = CompileRegex(spec["pattern"].Scalar(), &error);
    if (!pattern) {
      return fail(fmt::format("the schema's pattern {} is not RE2 syntax: {}",
                              spec["pattern"].Scalar(), error));
    }
    if (!RE2::PartialMatch(node.Scalar(), *pattern)) {
      return fail(fmt::format("'{}' does not match {}", node.Scalar(),
                              spec["pattern"].Scalar()));
    }
  }
}

}  // namespace ampcheck
