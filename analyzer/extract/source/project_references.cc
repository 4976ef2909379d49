#include "analyzer/extract/source/project_references.h"

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// "..\\Shared\\Shared.csproj" from `directory`: "src/Shared".
std::string ResolveRelative(const std::string& directory, std::string path) {
  for (char& ch : path) {
    if (ch == '\\') ch = '/';
  }
  std::vector<std::string> parts =
      directory.empty() ? std::vector<std::string>{} : Split(directory, '/');
  for (const std::string& part : Split(ParentPath(path), '/')) {
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (parts.empty()) return "";  // leaves the tree
      parts.pop_back();
    } else {
      parts.push_back(part);
    }
  }
  return Join(parts, "/");
}

// The value of attribute `name` in the tag starting at `at` (up to '>').
std::string Attribute(std::string_view text, size_t at, std::string_view name) {
  size_t end = text.find('>', at);
  std::string_view tag = text.substr(
      at, end == std::string_view::npos ? std::string_view::npos : end - at);
  size_t key = tag.find(std::string(name) + "=\"");
  if (key == std::string_view::npos) return "";
  size_t start = key + name.size() + 2;
  size_t close = tag.find('"', start);
  if (close == std::string_view::npos) return "";
  return std::string(tag.substr(start, close - start));
}

void CsprojReferences(std::string_view text, const std::string& directory,
                      std::vector<std::string>* out) {
  for (size_t at = text.find("<ProjectReference"); at != std::string_view::npos;
       at = text.find("<ProjectReference", at + 1)) {
    std::string dir =
        ResolveRelative(directory, Attribute(text, at, "Include"));
    if (!dir.empty()) out->push_back("dir:" + dir);
  }
}

// Text between <tag> and </tag> starting at or after `from`, trimmed.
std::string Element(std::string_view text, std::string_view tag, size_t from,
                    size_t limit) {
  std::string open = "<" + std::string(tag) + ">";
  size_t at = text.find(open, from);
  if (at == std::string_view::npos || at >= limit) return "";
  size_t start = at + open.size();
  size_t close = text.find("</" + std::string(tag) + ">", start);
  if (close == std::string_view::npos || close > limit) return "";
  return Trim(text.substr(start, close - start));
}

void PomReferences(std::string_view text, std::vector<std::string>* out) {
  for (size_t at = text.find("<dependency>"); at != std::string_view::npos;
       at = text.find("<dependency>", at + 1)) {
    size_t end = text.find("</dependency>", at);
    if (end == std::string_view::npos) break;
    std::string artifact = Element(text, "artifactId", at, end);
    if (!artifact.empty()) out->push_back("artifact:" + artifact);
  }
}

// The keys of the "dependencies" object of a package.json: a flat scan of
// "name": "version" pairs up to the object's closing brace.
void PackageJsonReferences(std::string_view text,
                           std::vector<std::string>* out) {
  size_t key = text.find("\"dependencies\"");
  if (key == std::string_view::npos) return;
  size_t open = text.find('{', key);
  if (open == std::string_view::npos) return;
  size_t pos = open + 1;
  while (pos < text.size()) {
    size_t quote = text.find_first_of("\"}", pos);
    if (quote == std::string_view::npos || text[quote] == '}') return;
    size_t close = text.find('"', quote + 1);
    if (close == std::string_view::npos) return;
    std::string name(text.substr(quote + 1, close - quote - 1));
    size_t colon = text.find(':', close);
    size_t value_open =
        colon == std::string_view::npos ? colon : text.find('"', colon);
    if (value_open == std::string_view::npos) return;
    size_t value_close = text.find('"', value_open + 1);
    if (value_close == std::string_view::npos) return;
    out->push_back("package:" + name);
    pos = value_close + 1;
  }
}

}  // namespace

std::vector<std::string> ProjectReferences(const std::string& marker,
                                           std::string_view content,
                                           const std::string& directory) {
  std::vector<std::string> out;
  std::string_view text = content.substr(0, 1 << 20);
  if (EndsWith(marker, ".csproj")) {
    CsprojReferences(text, directory, &out);
  } else if (marker == "pom.xml") {
    PomReferences(text, &out);
  } else if (marker == "package.json") {
    PackageJsonReferences(text, &out);
  }
  return out;
}

}  // namespace ampcheck
