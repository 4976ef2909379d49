// gRPC service config (gRFC A6): methodConfig[].retryPolicy / hedgingPolicy /
// timeout and retryThrottling, in .json files and in string literals in code
// (grpc.WithDefaultServiceConfig(`...`), defaultServiceConfig JSON strings).
#ifndef AMPCHECK_EXTRACT_SOURCE_GRPC_SERVICE_CONFIG_H_
#define AMPCHECK_EXTRACT_SOURCE_GRPC_SERVICE_CONFIG_H_

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/extract/extractor.h"

namespace ampcheck {

// Layers of one service config document whose first line is `first_line` of
// `path`. retryPolicy.maxAttempts counts tries including the original and is
// capped at 5; hedgingPolicy.maxAttempts likewise; retryThrottling becomes
// the layers' budget; methodConfig.timeout their total timeout. Returns false
// when the text is not a service config (not JSON, no methodConfig). A
// duration that does not parse is a warning in *diagnostics.
bool LayersFromServiceConfig(const std::string& path, std::string_view json,
                             int first_line, const Target& target,
                             std::vector<LayerFact>* layers,
                             std::vector<Diagnostic>* diagnostics);

class GrpcServiceConfigExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_GRPC_SERVICE_CONFIG_H_
