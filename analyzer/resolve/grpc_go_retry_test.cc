#include "analyzer/resolve/grpc_go_retry.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

GrpcGoRetryEnv Env(std::optional<std::string> go_retry,
                   std::optional<std::string> xds_retry = std::nullopt) {
  return {std::move(go_retry), std::move(xds_retry)};
}

TEST_CASE(
    "grpc-go before v1.41.0 applies a retryPolicy only with GRPC_GO_RETRY=on") {
  CHECK(GrpcGoIgnoresRetryPolicy("v1.33.0", Env(std::nullopt)) ==
        "grpc-go v1.33.0 applies a retryPolicy only with GRPC_GO_RETRY=on");
  CHECK(GrpcGoIgnoresRetryPolicy("v1.40.1", Env("off")) ==
        "grpc-go v1.40.1 applies a retryPolicy only with GRPC_GO_RETRY=on "
        "(GRPC_GO_RETRY=off)");
  CHECK(GrpcGoIgnoresRetryPolicy("v1.33.0", Env("on")).empty());
  CHECK(GrpcGoIgnoresRetryPolicy("v1.33.0", Env("ON")).empty());
  CHECK(GrpcGoIgnoresRetryPolicy("v1.34.0-dev.0.20201117", Env(std::nullopt))
            .starts_with("grpc-go v1.34.0-dev"));
}

TEST_CASE("grpc-go v1.41.0 retries unless the xDS retry switch is off") {
  CHECK(GrpcGoIgnoresRetryPolicy("v1.41.0", Env(std::nullopt)).empty());
  CHECK(GrpcGoIgnoresRetryPolicy("v1.41.0", Env(std::nullopt, "false")) ==
        "grpc-go v1.41.0 applies a retryPolicy only with GRPC_GO_RETRY=on or "
        "xDS retry support, which GRPC_XDS_EXPERIMENTAL_ENABLE_RETRY=false "
        "turns off");
  CHECK(GrpcGoIgnoresRetryPolicy("v1.41.0", Env("on", "false")).empty());
}

TEST_CASE("grpc-go v1.42.0 retries unless a switch turns it off") {
  CHECK(GrpcGoIgnoresRetryPolicy("v1.42.0", Env(std::nullopt)).empty());
  CHECK(GrpcGoIgnoresRetryPolicy("v1.42.0", Env("off")) ==
        "grpc-go v1.42.0 ignores a retryPolicy with GRPC_GO_RETRY=off");
  CHECK(GrpcGoIgnoresRetryPolicy("v1.42.0", Env(std::nullopt, "FALSE")) ==
        "grpc-go v1.42.0 ignores a retryPolicy with "
        "GRPC_XDS_EXPERIMENTAL_ENABLE_RETRY=false");
}

TEST_CASE("grpc-go from v1.43.0 always applies a retryPolicy") {
  CHECK(GrpcGoIgnoresRetryPolicy("v1.43.0", Env("off")).empty());
  CHECK(GrpcGoIgnoresRetryPolicy("v1.70.0", Env("off", "false")).empty());
  // A version that does not parse counts the policy: the worst case.
  CHECK(GrpcGoIgnoresRetryPolicy("master", Env(std::nullopt)).empty());
  CHECK(GrpcGoIgnoresRetryPolicy("", Env(std::nullopt)).empty());
}

}  // namespace
}  // namespace ampcheck
