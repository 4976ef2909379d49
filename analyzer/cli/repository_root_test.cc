#include "analyzer/cli/repository_root.h"

#include <doctest/doctest.h>

#include "analyzer/report/sarif_options.h"

namespace ampcheck {
namespace {

TEST_CASE("the repository root is the nearest directory holding .git") {
  MemoryFileSystem fs;
  fs.AddFile("/src/repo/.git/HEAD", "ref: main\n");
  fs.AddFile("/src/repo/deploy/prod/app.yaml", "a: 1\n");
  CHECK(RepositoryRoot(fs, "/src/repo/deploy/prod") == "/src/repo");
  CHECK(RepositoryRoot(fs, "/src/repo/deploy/prod/") == "/src/repo");
  CHECK(RepositoryRoot(fs, "/src/repo") == "/src/repo");
  CHECK(RepositoryRoot(fs, "/elsewhere/dir") == "");
  CHECK(RepositoryRoot(fs, "") == "");
}

TEST_CASE("the repository is looked for from the first directory input") {
  MemoryFileSystem fs;
  fs.AddFile("/w/fleet/m.yaml", "a: 1\n");
  fs.AddFile("/w/one.yaml", "a: 1\n");
  CHECK(InputDirectory(fs, {"/w/one.yaml", "/w/fleet"}, "/w") == "/w/fleet");
  CHECK(InputDirectory(fs, {"/w/one.yaml", "-"}, "/w") == "/w");
}

TEST_CASE("SARIF paths are the printed paths, relative to the repository") {
  SarifOptions options;
  options.base_directory = "/src/repo/deploy";
  options.repository_root = "/src/repo";
  CHECK(ArtifactPath(options, "prod/app.yaml") == "deploy/prod/app.yaml");
  CHECK(ArtifactPath(options, "../k8s/a.yaml") == "k8s/a.yaml");
  CHECK(ArtifactPath(options, "/src/repo/k8s/a.yaml") == "k8s/a.yaml");
  // Outside the repository: as printed.
  CHECK(ArtifactPath(options, "../../other/a.yaml") == "../../other/a.yaml");
  CHECK(ArtifactPath(options, "/tmp/a.yaml") == "/tmp/a.yaml");
  options.uri_prefix = "ops";  // --sarif-uri-prefix wins
  CHECK(ArtifactPath(options, "prod/app.yaml") == "ops/prod/app.yaml");
}

}  // namespace
}  // namespace ampcheck
