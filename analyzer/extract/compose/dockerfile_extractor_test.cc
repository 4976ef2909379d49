#include "analyzer/extract/compose/dockerfile_extractor.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("Dockerfile: ENV in both forms, continued lines, last one wins") {
  std::vector<Diagnostic> diagnostics;
  auto env = ParseDockerfileEnv("web/Dockerfile", R"(FROM nginx:1.21
# ENV COMMENTED=out
ENV CATALOGUE_HOST=catalogue \
    USER_HOST=user
ENV GREETING hello "big" world
env CART_URL="http://cart:8080"
ENV USER_HOST=users
)",
                                &diagnostics);
  REQUIRE(env.size() == 4);
  CHECK(env[0].name == "CATALOGUE_HOST");
  CHECK(env[0].value == std::string("catalogue"));
  CHECK(env[0].location == Location{"web/Dockerfile", 3});
  CHECK(env[1].name == "GREETING");
  CHECK(env[1].value == std::string("hello big world"));
  CHECK(env[2].value == std::string("http://cart:8080"));
  CHECK(env[3].name == "USER_HOST");
  CHECK(env[3].value == std::string("users"));
  CHECK(env[3].location.line == 7);
  CHECK(diagnostics.empty());
}

TEST_CASE("Dockerfile: only the final stage's env, with what it is FROM") {
  std::vector<Diagnostic> diagnostics;
  auto env = ParseDockerfileEnv("Dockerfile", R"(FROM golang:1.22 AS build
ENV BUILD_ONLY=1
FROM alpine AS base
ENV BASE=1
FROM base
ENV FINAL=1
ENV broken
ENV =x
)",
                                &diagnostics);
  REQUIRE(env.size() == 2);
  CHECK(env[0].name == "BASE");
  CHECK(env[1].name == "FINAL");
  REQUIRE(diagnostics.size() == 2);
  CHECK(diagnostics[0].message == "ENV broken has no value; ignored");
  CHECK(diagnostics[1].message == "ENV '=x' is not NAME=value; ignored");
  CHECK(diagnostics[1].location == Location{"Dockerfile", 8});
}

}  // namespace ampcheck
