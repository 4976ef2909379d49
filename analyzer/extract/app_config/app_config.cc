#include "analyzer/extract/app_config/app_config.h"

#include "analyzer/base/paths.h"
#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {
namespace {

bool IsTestProfile(const std::string& profile) {
  static const RE2 kTest(R"((?i)^(test|tests|it|integration-?test)$)");
  return RE2::PartialMatch(profile, kTest);
}

// Spring joins keys with '.' and indexes lists as key[i]; .NET configuration
// joins both with ':' (Services:cart:http:0).
struct KeyStyle {
  std::string separator = ".";
  bool bracket_index = true;
};

void Flatten(const yaml::Node& node, const std::string& prefix,
             const YamlView& view, const KeyStyle& style,
             std::vector<ConfigPropertyFact>* out) {
  if (node.IsMap()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      auto key = YamlView::Scalar(it->first);
      if (!key) continue;
      // Spring's bracket notation keeps dots inside a map key: "[a.b]".
      std::string part = *key;
      Flatten(it->second,
              prefix.empty() ? part : prefix + style.separator + part, view,
              style, out);
    }
  } else if (node.IsSequence()) {
    size_t i = 0;
    for (const yaml::Node& item : node) {
      std::string index = std::to_string(i++);
      Flatten(item,
              style.bracket_index ? prefix + "[" + index + "]"
                                  : prefix + style.separator + index,
              view, style, out);
    }
  } else if (!prefix.empty()) {
    std::string value = node.IsScalar() ? node.Scalar() : "";
    out->push_back({prefix, value, view.At(node)});
  }
}

// The profile a flattened YAML document is activated for, or "".
std::string DocumentProfile(const std::vector<ConfigPropertyFact>& document) {
  for (const ConfigPropertyFact& p : document) {
    std::string key = CanonicalPropertyKey(p.key);
    if (key == "spring.config.activate.onprofile" || key == "spring.profiles")
      return p.value;
  }
  return "";
}

std::vector<ConfigPropertyFact> ParseYaml(
    const std::string& path, std::string_view content,
    std::vector<Diagnostic>* diagnostics) {
  std::vector<ConfigPropertyFact> out;
  for (const YamlDocument& doc :
       ParseYamlDocuments(path, content, diagnostics)) {
    std::vector<ConfigPropertyFact> document;
    Flatten(doc.root, "", YamlView(path, doc.first_line), KeyStyle{},
            &document);
    if (IsTestProfile(DocumentProfile(document))) continue;
    out.insert(out.end(), document.begin(), document.end());
  }
  return out;
}

// java.util.Properties: "key=value", "key: value" or "key value"; '#' and '!'
// start comments; a trailing unescaped '\' continues the logical line.
std::vector<ConfigPropertyFact> ParseProperties(const std::string& path,
                                                std::string_view content) {
  std::vector<ConfigPropertyFact> out;
  std::vector<std::string> lines = Split(content, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    int line = static_cast<int>(i) + 1;
    std::string logical = Trim(lines[i]);
    if (logical.empty() || logical[0] == '#' || logical[0] == '!') continue;
    while (!logical.empty() && logical.back() == '\\' && i + 1 < lines.size()) {
      logical.pop_back();
      logical += Trim(lines[++i]);
    }
    size_t split = 0;
    while (split < logical.size() && logical[split] != '=' &&
           logical[split] != ':' && logical[split] != ' ' &&
           logical[split] != '\t') {
      if (logical[split] == '\\') ++split;
      ++split;
    }
    std::string key = logical.substr(0, std::min(split, logical.size()));
    std::string rest =
        split < logical.size() ? Trim(logical.substr(split)) : "";
    if (!rest.empty() && (rest[0] == '=' || rest[0] == ':'))
      rest = Trim(rest.substr(1));
    if (key.empty()) continue;
    out.push_back({key, rest, {path, line}});
  }
  return out;
}

// appsettings.json and appsettings.<Environment>.json: JSON, which YAML reads.
std::vector<ConfigPropertyFact> ParseDotnetJson(
    const std::string& path, std::string_view content,
    std::vector<Diagnostic>* diagnostics) {
  std::vector<ConfigPropertyFact> out;
  for (const YamlDocument& doc :
       ParseYamlDocuments(path, content, diagnostics)) {
    Flatten(doc.root, "", YamlView(path, doc.first_line), KeyStyle{":", false},
            &out);
  }
  return out;
}

}  // namespace

std::string AppConfigKind(const std::string& path) {
  static const RE2 kSpring(
      R"(^(application|bootstrap)([-.][A-Za-z0-9_.-]+)?\.(ya?ml|properties)$)");
  std::string name = BaseName(path);
  if (name == "microprofile-config.properties") return "microprofile-config";
  if (StartsWith(name, "appsettings") && EndsWith(name, ".json"))
    return "dotnet-config";
  if (!StartsWith(name, "application") && !StartsWith(name, "bootstrap"))
    return "";  // most files: no regex
  if (RE2::PartialMatch(name, kSpring)) return "spring-config";
  return "";
}

std::string ProfileOfFile(const std::string& path) {
  static const RE2 kProfile(
      R"(^(?:application|bootstrap)-([A-Za-z0-9_.-]+)\.(?:ya?ml|properties)$)");
  static const RE2 kDotnetEnvironment(
      R"(^appsettings\.([A-Za-z0-9_-]+)\.json$)");
  std::string profile;
  std::string name = BaseName(path);
  if (RE2::PartialMatch(name, kProfile, &profile)) return profile;
  if (RE2::PartialMatch(name, kDotnetEnvironment, &profile)) return profile;
  return "";
}

std::vector<ConfigPropertyFact> ParseAppConfig(
    const std::string& path, std::string_view content,
    std::vector<Diagnostic>* diagnostics) {
  if (IsTestProfile(ProfileOfFile(path))) return {};
  if (EndsWith(ToLower(path), ".properties"))
    return ParseProperties(path, content);
  if (EndsWith(ToLower(path), ".json"))
    return ParseDotnetJson(path, content, diagnostics);
  return ParseYaml(path, content, diagnostics);
}

std::string CanonicalPropertyKey(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '-' || c == '_') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace ampcheck
