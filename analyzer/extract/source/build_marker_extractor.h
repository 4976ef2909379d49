// Build markers (go.mod, package.json, pom.xml, pyproject.toml, setup.py,
// *.csproj, build.gradle, requirements.txt, Dockerfile): the source tree they
// root and the module name they declare, for attributing code to services.
#ifndef AMPCHECK_EXTRACT_SOURCE_BUILD_MARKER_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_SOURCE_BUILD_MARKER_EXTRACTOR_H_

#include <string>
#include <string_view>

#include "analyzer/extract/extractor.h"

namespace ampcheck {

// The module name a marker declares, reduced to its last segment
// ("github.com/shop/orders/v2" -> "orders", "@shop/checkout" -> "checkout");
// "" when the marker names none.
std::string ModuleName(const std::string& marker, std::string_view content);

// The google.golang.org/grpc version a go.mod requires ("v1.33.0") and its
// 1-based line, or "" when it requires none.
std::string GrpcGoRequirement(std::string_view go_mod, int* line);

class BuildMarkerExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_BUILD_MARKER_EXTRACTOR_H_
