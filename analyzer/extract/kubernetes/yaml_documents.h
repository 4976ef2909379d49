// Splits a YAML stream into documents and parses each on its own, so that one
// broken document is diagnosed with its line and the others still count.
#ifndef AMPCHECK_EXTRACT_KUBERNETES_YAML_DOCUMENTS_H_
#define AMPCHECK_EXTRACT_KUBERNETES_YAML_DOCUMENTS_H_

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/facts/facts.h"
#include "analyzer/yaml/node.h"

namespace ampcheck {

struct YamlDocument {
  yaml::Node root;
  int first_line = 1;  // line of the document's first line in the file
};

// Most nodes a document may expand to (alias bombs) before it is refused.
inline constexpr int kMaxYamlNodes = 200000;

// One document's text in a stream, and the line of the file it starts on.
struct YamlChunk {
  int first_line = 1;
  std::string_view text;
};

// Splits a stream at its document separators ("---" lines).
std::vector<YamlChunk> SplitYamlDocuments(std::string_view content);

// Parses one document: its root, or nullopt when it is empty or bad (then
// with a diagnostic naming the file and line).
std::optional<yaml::Node> ParseYamlChunk(const std::string& file,
                                         const YamlChunk& chunk,
                                         std::vector<Diagnostic>* diagnostics);

// Parses every document; bad ones become diagnostics (file, line, reason).
std::vector<YamlDocument> ParseYamlDocuments(
    const std::string& file, std::string_view content,
    std::vector<Diagnostic>* diagnostics);

// The same, one document at a time: only the current document's nodes are
// alive, so memory does not grow with the stream (a cluster dump).
void ForEachYamlDocument(const std::string& file, std::string_view content,
                         std::vector<Diagnostic>* diagnostics,
                         const std::function<void(const YamlDocument&)>& each);

// The first line holding an unrendered template ("{{ ... }}"), or 0.
int FindTemplateLine(std::string_view content);

// Accessors that never throw. Line numbers are 1-based in the file.
class YamlView {
 public:
  YamlView(std::string file, int first_line)
      : file_(std::move(file)), first_line_(first_line) {}
  Location At(const yaml::Node& node) const;
  static std::optional<std::string> Scalar(const yaml::Node& node);
  static std::string String(const yaml::Node& node, const std::string& key);
  static std::map<std::string, std::string> StringMap(const yaml::Node& node);
  static std::vector<std::string> StringList(const yaml::Node& node);
  const std::string& file() const { return file_; }

 private:
  std::string file_;
  int first_line_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_KUBERNETES_YAML_DOCUMENTS_H_
