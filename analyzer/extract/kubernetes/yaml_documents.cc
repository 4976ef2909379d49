#include "analyzer/extract/kubernetes/yaml_documents.h"

#include <algorithm>
#include <functional>

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

bool IsDocumentSeparator(std::string_view line) {
  if (!StartsWith(line, "---")) return false;
  return line.size() == 3 || line[3] == ' ' || line[3] == '\t' ||
         line[3] == '\r';
}

// What a document may cost once its aliases are expanded (yaml::
// FitsExpanded): its nodes, and its bytes written out flat with key paths.
constexpr long long kMaxYamlExpandedBytes = 64ll << 20;
constexpr int kMaxYamlExpandedDepth = 256;

// The readers recurse per nesting level; refuse absurd nesting before
// parsing.
int FindDeepNesting(std::string_view text, int limit) {
  int depth = 0;
  int line = 1;
  for (char c : text) {
    if (c == '\n') ++line;
    if (c == '[' || c == '{') {
      if (++depth > limit) return line;
    } else if (c == ']' || c == '}') {
      if (depth > 0) --depth;
    }
  }
  int max_indent = 0;
  line = 1;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    int indent = 0;
    while (start + indent < end && text[start + indent] == ' ') ++indent;
    max_indent = std::max(max_indent, indent);
    if (indent > limit * 4) return line;
    ++line;
    start = end + 1;
  }
  return 0;
}

// The first line (1-based) of `text` that `matches`, or 0.
int FirstLineWhere(std::string_view text,
                   const std::function<bool(std::string_view)>& matches) {
  int line = 1;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (matches(text.substr(start, end - start))) return line;
    ++line;
    start = end + 1;
  }
  return 0;
}

// The first line that opens a Terraform template directive ("%{ if ... }",
// "%{ for ... }"), or 0: never YAML, which allows '%' at the start of a line
// only for its own directives (%YAML, %TAG).
int FindTerraformDirectiveLine(std::string_view text) {
  return FirstLineWhere(
      text, [](std::string_view line) { return StartsWith(Trim(line), "%{"); });
}

}  // namespace

int FindTemplateLine(std::string_view content) {
  return FirstLineWhere(content, [](std::string_view text) {
    size_t open = text.find("{{");
    // "${{ }}" is CI expression syntax (GitHub Actions), not a template.
    bool ci_expression =
        open != std::string_view::npos && open > 0 && text[open - 1] == '$';
    return open != std::string_view::npos && !ci_expression &&
           text.find("}}", open) != std::string_view::npos &&
           !StartsWith(Trim(text), "#");
  });
}

std::vector<YamlDocument> ParseYamlDocuments(
    const std::string& file, std::string_view content,
    std::vector<Diagnostic>* diagnostics) {
  std::vector<YamlDocument> documents;
  ForEachYamlDocument(file, content, diagnostics, [&](const YamlDocument& doc) {
    documents.push_back(doc);
  });
  return documents;
}

std::vector<YamlChunk> SplitYamlDocuments(std::string_view content) {
  std::vector<YamlChunk> chunks;
  int line = 1;
  int chunk_line = 1;
  size_t chunk_start = 0;
  size_t start = 0;
  while (start <= content.size()) {
    size_t end = content.find('\n', start);
    if (end == std::string_view::npos) end = content.size();
    std::string_view text = content.substr(start, end - start);
    if (IsDocumentSeparator(text)) {
      chunks.push_back(
          {chunk_line, content.substr(chunk_start, start - chunk_start)});
      chunk_start = end + 1 > content.size() ? content.size() : end + 1;
      chunk_line = line + 1;
    }
    ++line;
    if (end == content.size()) break;
    start = end + 1;
  }
  chunks.push_back({chunk_line, content.substr(chunk_start)});
  return chunks;
}

std::optional<yaml::Node> ParseYamlChunk(const std::string& file,
                                         const YamlChunk& chunk,
                                         std::vector<Diagnostic>* diagnostics) {
  const int first_line = chunk.first_line;
  std::string_view text = chunk.text;
  if (Trim(text).empty()) return std::nullopt;
  if (int deep = FindDeepNesting(text, 200)) {
    diagnostics->push_back(
        {{file, first_line + deep - 1},
         "YAML nesting deeper than 200 levels; document skipped",
         Severity::kError});
    return std::nullopt;
  }
  try {
    yaml::Node root = yaml::Load(text);
    if (!yaml::FitsExpanded(root, {kMaxYamlNodes, kMaxYamlExpandedBytes,
                                   kMaxYamlExpandedDepth})) {
      diagnostics->push_back(
          {{file, first_line + (root.Mark().is_null() ? 0 : root.Mark().line)},
           "YAML document expands to more than " +
               std::to_string(kMaxYamlNodes) + " nodes, " +
               std::to_string(kMaxYamlExpandedBytes >> 20) +
               " MiB of flattened keys and values or " +
               std::to_string(kMaxYamlExpandedDepth) +
               " levels (alias bomb?); document skipped",
           Severity::kError});
      return std::nullopt;
    }
    return root;
  } catch (const yaml::Exception& e) {
    // A Terraform templatefile (a chart's values written by Terraform) is
    // not YAML until Terraform renders it: say so rather than what the
    // parser tripped on.
    if (int directive = FindTerraformDirectiveLine(text)) {
      diagnostics->push_back(
          {{file, first_line + directive - 1},
           "unrendered Terraform template (%{ }); render it first "
           "(terraform console, templatefile(...)); document skipped",
           Severity::kError});
      return std::nullopt;
    }
    // The parser may report an unclosed flow at the end of the stream: keep
    // the line inside the document.
    int last_line =
        first_line +
        static_cast<int>(std::count(text.begin(), text.end(), '\n')) - 1;
    if (!text.empty() && text.back() != '\n') ++last_line;
    int error_line = first_line + (e.mark.is_null() ? 0 : e.mark.line);
    error_line = std::max(first_line, std::min(error_line, last_line));
    diagnostics->push_back({{file, error_line},
                            "malformed YAML: " + e.msg + "; document skipped",
                            Severity::kError});
    return std::nullopt;
  }
}

void ForEachYamlDocument(const std::string& file, std::string_view content,
                         std::vector<Diagnostic>* diagnostics,
                         const std::function<void(const YamlDocument&)>& each) {
  for (const YamlChunk& chunk : SplitYamlDocuments(content)) {
    std::optional<yaml::Node> root = ParseYamlChunk(file, chunk, diagnostics);
    // Outside the parse: a problem while reading the document is not a
    // parse error.
    if (root) each({*root, chunk.first_line});
  }
}

Location YamlView::At(const yaml::Node& node) const {
  if (!node.IsDefined() || node.Mark().is_null()) return {file_, first_line_};
  return {file_, first_line_ + node.Mark().line};
}

std::optional<std::string> YamlView::Scalar(const yaml::Node& node) {
  if (!node.IsDefined() || !node.IsScalar()) return std::nullopt;
  return node.Scalar();
}

std::string YamlView::String(const yaml::Node& node, const std::string& key) {
  if (!node.IsMap()) return "";
  return Scalar(node[key]).value_or("");
}

std::map<std::string, std::string> YamlView::StringMap(const yaml::Node& node) {
  std::map<std::string, std::string> out;
  if (!node.IsMap()) return out;
  for (auto it = node.begin(); it != node.end(); ++it) {
    auto key = Scalar(it->first);
    auto value = Scalar(it->second);
    if (key && value) out[*key] = *value;
  }
  return out;
}

std::vector<std::string> YamlView::StringList(const yaml::Node& node) {
  std::vector<std::string> out;
  if (!node.IsSequence()) return out;
  for (const auto& item : node) {
    if (auto value = Scalar(item)) out.push_back(*value);
  }
  return out;
}

}  // namespace ampcheck
