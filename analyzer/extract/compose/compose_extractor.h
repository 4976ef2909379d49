// docker-compose files (docker-compose*.yml, compose*.yaml): each service is a
// workload of kind "compose service" with its environment (map and list
// forms), image and build directory. depends_on is start order, not a call,
// and is not read; env_file is not read either (diagnosed as a note).
#ifndef AMPCHECK_EXTRACT_COMPOSE_COMPOSE_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_COMPOSE_COMPOSE_EXTRACTOR_H_

#include <string>

#include "analyzer/extract/extractor.h"

namespace ampcheck {

// The workload kind compose services are given.
inline constexpr const char* kComposeServiceKind = "compose service";

// docker-compose.yml, docker-compose.prod.yaml, compose.yaml,
// compose.override.yml.
bool IsComposeFile(const std::string& path);

class ComposeExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_COMPOSE_COMPOSE_EXTRACTOR_H_
