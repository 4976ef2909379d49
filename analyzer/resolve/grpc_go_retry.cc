#include "analyzer/resolve/grpc_go_retry.h"

#include <re2/re2.h>

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

bool Is(const std::optional<std::string>& value, const char* word) {
  return value && ToLower(*value) == word;
}

}  // namespace

std::string GrpcGoIgnoresRetryPolicy(const std::string& version,
                                     const GrpcGoRetryEnv& env) {
  static const RE2 kVersion(R"(v1\.([0-9]+)\.[0-9]+.*)");
  int minor = 0;
  if (!RE2::FullMatch(version, kVersion, &minor)) return "";
  const std::string release = "grpc-go " + version;
  if (minor < 41) {
    if (Is(env.go_retry, "on")) return "";
    return release + " applies a retryPolicy only with GRPC_GO_RETRY=on" +
           (env.go_retry ? " (GRPC_GO_RETRY=" + *env.go_retry + ")" : "");
  }
  if (minor == 41) {
    if (Is(env.go_retry, "on") || !Is(env.xds_retry, "false")) return "";
    return release +
           " applies a retryPolicy only with GRPC_GO_RETRY=on or xDS retry "
           "support, which GRPC_XDS_EXPERIMENTAL_ENABLE_RETRY=false turns off";
  }
  if (minor == 42) {
    if (Is(env.go_retry, "off"))
      return release + " ignores a retryPolicy with GRPC_GO_RETRY=off";
    if (Is(env.xds_retry, "false"))
      return release +
             " ignores a retryPolicy with "
             "GRPC_XDS_EXPERIMENTAL_ENABLE_RETRY=false";
  }
  return "";
}

}  // namespace ampcheck
