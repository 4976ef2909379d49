#include "analyzer/extract/source/rule_loader.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/registry.h"
#include "analyzer/yaml/node.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Strings(const yaml::Node& node) {
  std::vector<std::string> out;
  if (node && node.IsSequence()) {
    for (const auto& item : node) out.push_back(item.Scalar());
  }
  return out;
}

// The first line of a block scalar's content is the line after its key.
int ContentLine(const yaml::Node& node) {
  return node.Mark().line + 1 + (node.Tag() == "!" ? 1 : 0);
}

ValueSource ParseValue(const yaml::Node& node) {
  ValueSource value;
  if (!node) return value;
  if (node.IsScalar()) {
    value.value = node.Scalar();
    return value;
  }
  if (node["capture"]) value.capture = node["capture"].Scalar();
  if (node["query"]) {
    value.query = node["query"].Scalar();
    value.query_line = ContentLine(node["query"]);
  }
  if (node["value"]) value.value = node["value"].Scalar();
  if (node["unit_ms"]) value.unit_ms = node["unit_ms"].as<double>();
  if (node["enclosing"]) value.enclosing = node["enclosing"].as<bool>();
  return value;
}

// An integer field the schema has checked (decimal, no leading zero); read
// with the schema's own parser, so that the two never disagree.
long long Integer(const yaml::Node& node) {
  long long value = 0;
  ParseInt(node.Scalar(), &value);
  return value;
}

void Error(std::vector<Diagnostic>* diagnostics, const std::string& path,
           int line, const std::string& message) {
  diagnostics->push_back({{path, line}, message, Severity::kError});
}

}  // namespace

const RuleSchema& InstalledRuleSchema() {
  static const RuleSchema* schema = [] {
    auto* s = new RuleSchema();
    std::string error;
    if (!s->Load(InstalledRulesDirectory() + "/schema.yaml", &error)) {
      s->LoadString("fields: {}", &error);
    }
    return s;
  }();
  return *schema;
}

bool ParseRule(const RuleSchema& schema, const std::string& path,
               const std::string& text, Rule* rule,
               std::vector<Diagnostic>* diagnostics) {
  yaml::Node doc;
  try {
    doc = yaml::Load(text);
  } catch (const yaml::Exception& e) {
    Error(diagnostics, path, e.mark.line + 1,
          "rule is not valid YAML: " + e.msg);
    return false;
  }
  std::vector<SchemaError> errors = schema.Validate(doc);
  for (const SchemaError& error : errors)
    Error(diagnostics, path, error.line, error.message);
  if (!errors.empty()) return false;

  Rule r;
  r.file = path;
  r.line = 1;
  r.id = doc["id"].Scalar();
  r.language = doc["language"].Scalar();
  r.library = doc["library"].Scalar();
  if (doc["produces"]) r.produces = doc["produces"].Scalar();
  if (doc["kind"]) {
    r.kind = *ParseLayerKind(doc["kind"].Scalar());
  } else if (r.produces == "timeout") {
    r.kind = LayerKind::kClient;
  } else if (r.produces == "layer") {
    Error(diagnostics, path, 1,
          "missing required field 'kind' (a layer rule needs a kind)");
    return false;
  }
  for (const auto& entry : doc["kind_by_enclosing"]) {
    std::string pattern = entry["match"].Scalar();
    std::string reason;
    std::shared_ptr<const RE2> regex = CompileRegex(pattern, &reason);
    if (!regex) {
      Error(diagnostics, path, entry["match"].Mark().line + 1,
            fmt::format("kind_by_enclosing: '{}' is not RE2 syntax: {} (RE2 "
                        "has no lookaround and no backreferences; see "
                        "docs/rules.md)",
                        pattern, reason));
      return false;
    }
    r.kind_by_enclosing.push_back(
        {pattern, std::move(regex), *ParseLayerKind(entry["kind"].Scalar())});
  }
  if (doc["provenance"] && doc["provenance"].Scalar() == "library-default") {
    r.provenance = Provenance::kLibraryDefault;
  }
  r.prefilter = Strings(doc["prefilter"]);
  r.requires_words = Strings(doc["requires"]);
  r.unless_in_file = Strings(doc["unless_in_file"]);
  r.unless_in_scope = Strings(doc["unless_in_scope"]);
  if (doc["in_scope"]) {
    r.in_scope = doc["in_scope"].Scalar();
    r.in_scope_line = ContentLine(doc["in_scope"]);
  }
  r.query = doc["query"].Scalar();
  r.query_line = ContentLine(doc["query"]);
  if (r.prefilter.empty()) {
    Error(diagnostics, path, doc["prefilter"].Mark().line + 1,
          "prefilter needs at least one word");
    return false;
  }
  if (const yaml::Node tries = doc["tries"]) {
    TriesSpec& t = r.tries;
    t.semantics = tries["semantics"].Scalar();
    t.count = ParseValue(tries["count"]);
    if (tries["default"]) t.default_count = Integer(tries["default"]);
    if (tries["unbounded_if_absent"])
      t.unbounded_if_absent = tries["unbounded_if_absent"].Scalar();
    t.unbounded_values = Strings(tries["unbounded_values"]);
    if (tries["unbounded_detail"])
      t.unbounded_detail = tries["unbounded_detail"].Scalar();
    if (tries["cap"]) t.cap = Integer(tries["cap"]);
    if (tries["label"]) t.label = tries["label"].Scalar();
    if (tries["fixed"]) t.fixed = Integer(tries["fixed"]);
    if (tries["property"]) t.property = tries["property"].Scalar();
    t.property_semantics = tries["property_semantics"]
                               ? tries["property_semantics"].Scalar()
                               : t.semantics;
    if (!t.fixed && t.count.empty() && !t.default_count &&
        !t.unbounded_if_absent) {
      Error(diagnostics, path, tries.Mark().line + 1,
            "tries needs a count, a default, unbounded_if_absent or fixed");
      return false;
    }
  } else if (r.produces == "layer") {
    Error(diagnostics, path, 1,
          "missing required field 'tries' (a layer rule needs tries)");
    return false;
  }
  r.per_try_timeout = ParseValue(doc["per_try_timeout"]);
  r.total_timeout = ParseValue(doc["total_timeout"]);
  r.whole_call = doc["whole_call"] && doc["whole_call"].Scalar() == "true";
  r.loop = doc["loop"] && doc["loop"].Scalar() == "true";
  if (r.whole_call && (r.produces != "timeout" || r.total_timeout.empty())) {
    Error(diagnostics, path, doc["whole_call"].Mark().line + 1,
          "whole_call is for a timeout rule with a total_timeout");
    return false;
  }
  if (r.loop && r.produces != "layer") {
    Error(diagnostics, path, doc["loop"].Mark().line + 1,
          "loop is for a layer rule");
    return false;
  }
  if (r.produces == "timeout") {
    if (doc["tries"]) {
      Error(diagnostics, path, doc["tries"].Mark().line + 1,
            "a timeout rule does not retry: it has no tries");
      return false;
    }
    if (r.per_try_timeout.empty() && r.total_timeout.empty()) {
      Error(diagnostics, path, 1,
            "a timeout rule needs per_try_timeout or total_timeout");
      return false;
    }
    r.tries.semantics = "tries";
    r.tries.fixed = 1;
  }
  if (const yaml::Node backoff = doc["backoff"]) {
    r.backoff_base = ParseValue(backoff["base"]);
    r.backoff_cap = ParseValue(backoff["cap"]);
    r.jitter = ParseValue(backoff["jitter"]);
    r.backoff_multiplier = ParseValue(backoff["multiplier"]);
    // The schema has checked it is a number.
    if (backoff["spread"]) r.backoff_spread = backoff["spread"].as<double>();
  }
  r.retry_on = Strings(doc["retry_on"]);
  r.methods = Strings(doc["methods"]);
  for (const auto& entry : doc["methods_when"]) {
    r.methods_when.push_back(
        {entry["statement_contains"].Scalar(), Strings(entry["methods"])});
  }
  if (const yaml::Node target = doc["target"]) {
    r.target_kind = *ParseTargetKind(target["kind"].Scalar());
    r.target = ParseValue(target);
    if (target["template"]) r.target_template = target["template"].Scalar();
    r.target_fallback = ParseValue(target["fallback"]);
    if (!r.target_fallback.empty() && r.target_kind != TargetKind::kEnv &&
        r.target_kind != TargetKind::kProperty) {
      Error(diagnostics, path, target["fallback"].Mark().line + 1,
            "target.fallback is the default of an env or property lookup: "
            "target.kind must be env or property");
      return false;
    }
  }
  if (doc["detail"]) r.detail = doc["detail"].Scalar();
  if (const yaml::Node through = doc["through"]) {
    r.through_kind = through["kind"].Scalar();
    r.through = ParseValue(through);
  }
  if (r.produces == "use" && r.through.empty()) {
    Error(diagnostics, path, 1,
          "a use rule needs 'through': what the use names");
    return false;
  }
  std::string stem = fs::path(path).stem().string();
  if (stem != r.id) {
    Error(diagnostics, path, doc["id"].Mark().line + 1,
          fmt::format("rule id '{}' differs from its file name '{}'", r.id,
                      stem));
    return false;
  }
  *rule = std::move(r);
  return true;
}

std::vector<Rule> LoadRules(const std::vector<std::string>& directories,
                            std::vector<Diagnostic>* diagnostics) {
  std::vector<Rule> rules;
  std::map<std::string, size_t> by_id;
  for (const std::string& directory : directories) {
    std::error_code ec;
    if (!fs::is_directory(directory, ec)) {
      Error(diagnostics, directory, 0, "rules directory does not exist");
      continue;
    }
    std::vector<std::string> files;
    for (auto it = fs::recursive_directory_iterator(directory, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::string name = it->path().filename().string();
      if (it->is_regular_file() && EndsWith(name, ".yaml") &&
          name != "schema.yaml") {
        files.push_back(it->path().string());
      }
    }
    std::sort(files.begin(), files.end());
    for (const std::string& file : files) {
      std::ifstream in(file);
      std::stringstream text;
      text << in.rdbuf();
      Rule rule;
      if (!ParseRule(InstalledRuleSchema(), file, text.str(), &rule,
                     diagnostics))
        continue;
      if (auto it = by_id.find(rule.id); it != by_id.end()) {
        rules[it->second] = std::move(rule);
      } else {
        by_id[rule.id] = rules.size();
        rules.push_back(std::move(rule));
      }
    }
  }
  return rules;
}

}  // namespace ampcheck
