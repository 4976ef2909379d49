// Dockerfile ENV instructions (`ENV K=V ...` and the legacy `ENV K V`) of the
// final build stage (and the stages it is built FROM): the env the image
// starts with. The service built from the Dockerfile's directory gets it,
// below its workload's own env (resolve/service_env.h).
#ifndef AMPCHECK_EXTRACT_COMPOSE_DOCKERFILE_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_COMPOSE_DOCKERFILE_EXTRACTOR_H_

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/extract/extractor.h"

namespace ampcheck {

std::vector<EnvVarFact> ParseDockerfileEnv(
    const std::string& path, std::string_view content,
    std::vector<Diagnostic>* diagnostics);

class DockerfileExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_COMPOSE_DOCKERFILE_EXTRACTOR_H_
