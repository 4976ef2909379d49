// Whether grpc-go applies a service config's retryPolicy: it depends on the
// grpc-go release a module requires and on two switches in the process's
// environment.
#ifndef AMPCHECK_RESOLVE_GRPC_GO_RETRY_H_
#define AMPCHECK_RESOLVE_GRPC_GO_RETRY_H_

#include <optional>
#include <string>

namespace ampcheck {

// The environment grpc-go reads its retry switches from.
struct GrpcGoRetryEnv {
  std::optional<std::string> go_retry;   // GRPC_GO_RETRY
  std::optional<std::string> xds_retry;  // GRPC_XDS_EXPERIMENTAL_ENABLE_RETRY
};

// grpc-go's internal/envconfig/envconfig.go, release by release:
//   before v1.41.0: Retry = GRPC_GO_RETRY is "on" (case-insensitive);
//   v1.41.0: Retry = GRPC_GO_RETRY is "on", or xDS retry support is, which it
//     is unless GRPC_XDS_EXPERIMENTAL_ENABLE_RETRY is "false";
//   v1.42.0: Retry = GRPC_GO_RETRY is not "off" and that xDS switch is not
//     "false";
//   from v1.43.0 the switch is gone (grpc/grpc-go#4922): always on.
// Returns why a retryPolicy is ignored ("grpc-go v1.33.0 applies a
// retryPolicy only with GRPC_GO_RETRY=on"), or "" when it applies or the
// version does not parse (then the policy is counted, the worst case).
std::string GrpcGoIgnoresRetryPolicy(const std::string& version,
                                     const GrpcGoRetryEnv& env);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_GRPC_GO_RETRY_H_
