// .NET Aspire AppHost (Program.cs / AppHost.cs calling
// DistributedApplication.CreateBuilder): each builder.AddProject<T>("name")
// (and AddContainer, AddDockerfile, AddNpmApp, ...) is a workload of kind
// "Aspire resource". x.WithReference(y) gives x the env Aspire injects for
// service discovery (services__y__http__0=http://y), and
// WithEnvironment("K", y.GetEndpoint(...)) gives x K=http://y, both at the
// AppHost line. Backing resources (AddRedis, AddPostgres, AddRabbitMQ, their
// databases) are not services and their references are not read.
#ifndef AMPCHECK_EXTRACT_ASPIRE_ASPIRE_APP_HOST_H_
#define AMPCHECK_EXTRACT_ASPIRE_ASPIRE_APP_HOST_H_

#include <string>
#include <string_view>

#include "analyzer/extract/extractor.h"

namespace ampcheck {

inline constexpr const char* kAspireResourceKind = "Aspire resource";

void ExtractAspireAppHost(const std::string& path, std::string_view content,
                          FileFacts* facts);

class AspireAppHostExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_ASPIRE_ASPIRE_APP_HOST_H_
