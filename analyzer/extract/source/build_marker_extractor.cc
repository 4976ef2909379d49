#include "analyzer/extract/source/build_marker_extractor.h"

#include "analyzer/base/regex.h"
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

std::string FirstMatch(std::string_view content, const RE2& pattern) {
  auto match = RegexSearch(pattern, content.substr(0, 1 << 20));
  return match ? (*match)[1] : "";
}

// The text without its <parent>...</parent> blocks; an unclosed <parent>
// stays.
std::string WithoutParents(std::string_view text) {
  std::string out;
  size_t from = 0;
  for (size_t open; (open = text.find("<parent>", from)) != text.npos;) {
    size_t close = text.find("</parent>", open);
    if (close == text.npos) break;
    out.append(text.substr(from, open - from));
    from = close + 9;
  }
  out.append(text.substr(from));
  return out;
}

}  // namespace

std::string ModuleName(const std::string& marker, std::string_view content) {
  if (marker == "go.mod") {
    static const RE2 kModule(R"re((?:^|\n)\s*module\s+"?([^\s"]+))re");
    return LastSegment(FirstMatch(content, kModule));
  }
  if (marker == "package.json") {
    static const RE2 kName(R"re("name"\s*:\s*"([^"]+)")re");
    return LastSegment(FirstMatch(content, kName));
  }
  if (marker == "pom.xml") {
    // The project's own artifactId, not its parent's.
    static const RE2 kArtifact(R"(<artifactId>\s*([^<\s]+)\s*</artifactId>)");
    return FirstMatch(WithoutParents(content.substr(0, 1 << 20)), kArtifact);
  }
  if (marker == "pyproject.toml") {
    static const RE2 kName(R"re((?:^|\n)\s*name\s*=\s*["']([^"']+)["'])re");
    return FirstMatch(content, kName);
  }
  if (marker == "setup.py") {
    static const RE2 kName(R"re(name\s*=\s*["']([^"']+)["'])re");
    return FirstMatch(content, kName);
  }
  if (EndsWith(marker, ".csproj")) return marker.substr(0, marker.size() - 7);
  return "";  // build.gradle, requirements.txt, Dockerfile: the directory names
              // it
}

std::string GrpcGoRequirement(std::string_view go_mod, int* line) {
  // "require google.golang.org/grpc v1.33.0" or a line of a require block;
  // a replace directive's right side is not a requirement.
  static const RE2 kRequire(
      R"re(^\s*(?:require\s+)?google\.golang\.org/grpc\s+(v[0-9][^\s/]*))re");
  std::vector<std::string> lines = Split(go_mod, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string version;
    if (RE2::PartialMatch(lines[i], kRequire, &version)) {
      *line = static_cast<int>(i) + 1;
      return version;
    }
  }
  return "";
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
  if (fact.marker == "go.mod")
    fact.grpc_go_version = GrpcGoRequirement(file.content, &fact.grpc_go_line);
  facts->build_markers.push_back(std::move(fact));
}

}  // namespace ampcheck
