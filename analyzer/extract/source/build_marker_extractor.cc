#include "analyzer/extract/source/build_marker_extractor.h"

#include <regex>

#include "analyzer/base/strings.h"
#include "analyzer/extract/source/project_references.h"

namespace ampcheck {
namespace {

std::string LastSegment(std::string name) {
  name = Trim(name);
  while (!name.empty() && name.back() == '/') name.pop_back();
  size_t slash = name.rfind('/');
  std::string last = slash == std::string::npos ? name : name.substr(slash + 1);
  // Go major-version suffixes name the module above them.
  if (last.size() >= 2 && last[0] == 'v' &&
      last.find_first_not_of("0123456789", 1) == std::string::npos &&
      slash != std::string::npos) {
    return LastSegment(name.substr(0, slash));
  }
  return last;
}

std::string FirstMatch(std::string_view content, const std::regex& pattern) {
  std::string text(content.substr(0, 1 << 20));
  std::smatch match;
  if (std::regex_search(text, match, pattern)) return match[1].str();
  return "";
}

}  // namespace

std::string ModuleName(const std::string& marker, std::string_view content) {
  if (marker == "go.mod") {
    return LastSegment(FirstMatch(
        content, std::regex(R"re((?:^|\n)\s*module\s+"?([^\s"]+))re")));
  }
  if (marker == "package.json") {
    return LastSegment(
        FirstMatch(content, std::regex(R"re("name"\s*:\s*"([^"]+)")re")));
  }
  if (marker == "pom.xml") {
    // The project's own artifactId, not its parent's.
    std::string text(content.substr(0, 1 << 20));
    text = std::regex_replace(text, std::regex(R"(<parent>[\s\S]*?</parent>)"),
                              "");
    return FirstMatch(
        text, std::regex(R"(<artifactId>\s*([^<\s]+)\s*</artifactId>)"));
  }
  if (marker == "pyproject.toml") {
    return FirstMatch(
        content, std::regex(R"re((?:^|\n)\s*name\s*=\s*["']([^"']+)["'])re"));
  }
  if (marker == "setup.py") {
    return FirstMatch(content,
                      std::regex(R"re(name\s*=\s*["']([^"']+)["'])re"));
  }
  if (EndsWith(marker, ".csproj")) return marker.substr(0, marker.size() - 7);
  return "";  // build.gradle, requirements.txt, Dockerfile: the directory names
              // it
}

bool BuildMarkerExtractor::Accepts(const SourceFile& file) const {
  return file.language == "marker";
}

void BuildMarkerExtractor::Extract(const SourceFile& file,
                                   FileFacts* facts) const {
  size_t slash = file.path.rfind('/');
  BuildMarkerFact fact;
  fact.directory = slash == std::string::npos ? "" : file.path.substr(0, slash);
  fact.marker =
      slash == std::string::npos ? file.path : file.path.substr(slash + 1);
  fact.name = ModuleName(fact.marker, file.content);
  fact.references =
      ProjectReferences(fact.marker, file.content, fact.directory);
  facts->build_markers.push_back(std::move(fact));
}

}  // namespace ampcheck
