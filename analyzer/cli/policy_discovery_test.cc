#include "analyzer/cli/policy_discovery.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

using Dirs = std::vector<std::string>;

TEST_CASE(
    "the policy is searched from the input up, then above the current "
    "directory") {
  CHECK(PolicySearchDirectories("repo/deploy", 2) ==
        Dirs{"repo/deploy", "repo", "", "..", "../.."});
  CHECK(PolicySearchDirectories("./repo/", 0) == Dirs{"repo", ""});
  CHECK(PolicySearchDirectories("", 1) == Dirs{"", ".."});
  CHECK(PolicySearchDirectories("../other", 2) ==
        Dirs{"../other", "..", "../.."});
  CHECK(PolicySearchDirectories("/srv/repo/deploy", 5) ==
        Dirs{"/srv/repo/deploy", "/srv/repo", "/srv", "/"});
}

TEST_CASE(
    "the nearest policy up to the repository root is used, and says "
    "which") {
  MemoryFileSystem fs;
  fs.AddFile("repo/.git/HEAD", "ref: refs/heads/main\n");
  fs.AddFile("repo/.ampcheck.yaml", "limits: {max_tries: 5}\n");
  fs.AddFile("repo/deploy/app.yaml", "kind: x\n");
  fs.AddFile(".ampcheck.yaml", "limits: {max_tries: 7}\n");
  PolicyDiscovery found = DiscoverPolicy(fs, "", {"repo/deploy"}, {}, 0);
  CHECK(found.path == "repo/.ampcheck.yaml");
  CHECK(found.diagnostics.empty());
  // Files and standard input: the current directory.
  CHECK(DiscoverPolicy(fs, "", {""}, {}, 0).path == ".ampcheck.yaml");
}

TEST_CASE("the search stops at the repository root") {
  MemoryFileSystem fs;
  fs.AddFile("repo/.git/HEAD", "ref: refs/heads/main\n");
  fs.AddFile("repo/deploy/app.yaml", "kind: x\n");
  fs.AddFile(".ampcheck.yaml", "limits: {max_tries: 7}\n");
  CHECK(DiscoverPolicy(fs, "", {"repo/deploy"}, {}, 0).path == "");
}

TEST_CASE("a second policy and nested ones are reported as not used") {
  MemoryFileSystem fs;
  fs.AddFile("a/.ampcheck.yaml", "{}\n");
  fs.AddFile("b/.ampcheck.yaml", "{}\n");
  PolicyDiscovery found = DiscoverPolicy(
      fs, "", {"a", "b"}, {"a/.ampcheck.yaml", "a/team/.ampcheck.yaml"}, 0);
  CHECK(found.path == "a/.ampcheck.yaml");
  REQUIRE(found.diagnostics.size() == 2);
  CHECK(found.diagnostics[0].location.ToString() == "b/.ampcheck.yaml");
  CHECK(found.diagnostics[0].message ==
        "policy file is not used: a/.ampcheck.yaml applies to the whole run; "
        "pass --config to choose");
  CHECK(found.diagnostics[0].severity == Severity::kWarning);
  CHECK(found.diagnostics[1].location.ToString() == "a/team/.ampcheck.yaml");
  CHECK(found.diagnostics[1].message ==
        "nested policy file is not used (one policy applies to the whole "
        "run); pass --config a/team/.ampcheck.yaml to scan with it");
}

TEST_CASE("--config wins, and the files found are not used") {
  MemoryFileSystem fs;
  fs.AddFile("a/.ampcheck.yaml", "{}\n");
  PolicyDiscovery found =
      DiscoverPolicy(fs, "policy.yaml", {"a"}, {"./a/.ampcheck.yaml"}, 0);
  CHECK(found.path == "policy.yaml");
  REQUIRE(found.diagnostics.size() == 1);
  CHECK(found.diagnostics[0].location.ToString() == "./a/.ampcheck.yaml");
}

}  // namespace
}  // namespace ampcheck
