#include "analyzer/cli/repository_prefix.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("SARIF paths are made relative to the git toplevel") {
  MemoryFileSystem fs;
  fs.AddFile("/src/repo/.git/HEAD", "ref: main\n");
  fs.AddFile("/src/repo/deploy/prod/app.yaml", "a: 1\n");
  CHECK(RepositoryPrefix(fs, "/src/repo/deploy/prod") == "deploy/prod/");
  CHECK(RepositoryPrefix(fs, "/src/repo") == "");
  CHECK(RepositoryPrefix(fs, "/elsewhere/dir") == "");
  CHECK(RepositoryPrefix(fs, "") == "");
}

TEST_CASE(
    "the base of the printed paths: the scanned directory, or the "
    "parent of several") {
  MemoryFileSystem fs;
  fs.AddFile("/r/a/deploy/m.yaml", "a: 1\n");
  fs.AddFile("/r/b/deploy/m.yaml", "a: 1\n");
  fs.AddFile("/r/c/m.yaml", "a: 1\n");
  CHECK(DisplayBase(fs, {"/r/a/deploy"}) == "/r/a/deploy");
  CHECK(DisplayBase(fs, {"/r/a", "/r/c"}) == "/r");
  CHECK(DisplayBase(fs, {"/r/a/deploy", "/r/c"}) == "");
}

}  // namespace
}  // namespace ampcheck
