#include "analyzer/discover/git_file_system.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "analyzer/cli/run_program.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

// A repository with one commit; the working tree is changed afterwards, so a
// read that went to the disk instead of the commit would show.
struct CommittedRepository {
  fs::path path;
  CommittedRepository() {
    path = fs::temp_directory_path() /
           ("ampcheck-gitfs-" + std::to_string(getpid()));
    fs::remove_all(path);
    fs::create_directories(path / "deploy" / "charts");
    Git({"init", "-q", "-b", "main"});
    std::ofstream(path / "deploy" / "a.yaml") << "committed\n";
    std::ofstream(path / "deploy" / "a.b") << "dot\n";
    std::ofstream(path / "deploy" / "charts" / "Chart.yaml") << "name: c\n";
    std::ofstream(path / ".gitattributes") << "deploy/ export-ignore\n";
    fs::create_symlink("a.yaml", path / "deploy" / "link.yaml");
    Git({"add", "-A"});
    Git({"update-index", "--add", "--cacheinfo",
         "160000,0123456789abcdef0123456789abcdef01234567,deploy/sub"});
    Git({"commit", "-qm", "one"});
    std::ofstream(path / "deploy" / "a.yaml") << "working tree\n";
    std::ofstream(path / "deploy" / "new.yaml") << "untracked\n";
  }
  ~CommittedRepository() { fs::remove_all(path); }
  void Git(std::vector<std::string> args) {
    args.insert(args.begin(),
                {"git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                 "-c", "commit.gpgsign=false"});
    std::string out, err;
    REQUIRE_MESSAGE(RunProgram(args, path.string(), &out, &err) == 0, err);
  }
};

TEST_CASE("GitFileSystem reads the commit, not the working tree") {
  CommittedRepository repo;
  std::string error;
  auto tree =
      GitFileSystem::Open((repo.path / "deploy").string(), "HEAD", &error);
  REQUIRE_MESSAGE(tree, error);
  CHECK(tree->prefix() == "deploy/");
  std::string deploy = tree->Map(".");
  CHECK(deploy == tree->root() + "/deploy");
  CHECK(tree->Map("./charts/") == tree->root() + "/deploy/charts");
  CHECK_FALSE(fs::exists(tree->root()));

  std::vector<DirectoryEntry> entries;
  REQUIRE(tree->ListDirectory(deploy, &entries, &error));
  std::vector<std::string> names;
  for (const DirectoryEntry& e : entries) names.push_back(e.name);
  // Sorted by name (git sorts "a.b" after "a" only for trees), untracked
  // new.yaml absent, export-ignore irrelevant.
  CHECK(names == std::vector<std::string>{"a.b", "a.yaml", "charts",
                                          "link.yaml", "sub"});
  CHECK(entries[3].is_symlink);

  std::string content;
  REQUIRE(tree->ReadFile(deploy + "/a.yaml", 1000, &content, &error));
  CHECK(content == "committed\n");
  REQUIRE(tree->ReadFile(deploy + "/link.yaml", 1000, &content, &error));
  CHECK(content == "committed\n");
  REQUIRE(tree->ReadFile(deploy + "/a.yaml", 4, &content, &error));
  CHECK(content == "comm");
  CHECK(tree->RealPath(deploy + "/link.yaml") == deploy + "/a.yaml");

  CHECK(tree->Stat(deploy + "/a.yaml").type == FileStatus::Type::kFile);
  CHECK(tree->Stat(deploy + "/a.yaml").size == 10);
  CHECK(tree->Stat(deploy + "/charts").type == FileStatus::Type::kDirectory);
  CHECK(tree->Stat(deploy + "/new.yaml").type == FileStatus::Type::kMissing);
  CHECK(tree->Stat(tree->root() + "/.git").type ==
        FileStatus::Type::kDirectory);
  CHECK_FALSE(tree->ReadFile(deploy + "/new.yaml", 1000, &content, &error));
  CHECK(error == "not in the tree of commit " + tree->short_commit());
  CHECK(tree->Stat(deploy + "/../../outside").type ==
        FileStatus::Type::kMissing);
}

TEST_CASE("GitFileSystem: a submodule is a directory that says why") {
  CommittedRepository repo;
  std::string error;
  auto tree = GitFileSystem::Open(repo.path.string(), "HEAD", &error);
  REQUIRE_MESSAGE(tree, error);
  std::string sub = tree->Map("deploy/sub");
  CHECK(tree->Stat(sub).type == FileStatus::Type::kDirectory);
  std::vector<DirectoryEntry> entries;
  CHECK_FALSE(tree->ListDirectory(sub, &entries, &error));
  CHECK(error ==
        "a git submodule (commit 0123456789ab); its files are in another "
        "repository and are not read");
  CHECK(tree->SubmodulesReached() ==
        std::map<std::string, std::string>{{"deploy/sub", "0123456789ab"}});
}

TEST_CASE("GitFileSystem: renderers get the scanned subtree on disk") {
  CommittedRepository repo;
  std::string error;
  std::string disk_copy;
  {
    auto tree =
        GitFileSystem::Open((repo.path / "deploy").string(), "HEAD", &error);
    REQUIRE_MESSAGE(tree, error);
    std::string charts = tree->DiskPath(tree->Map("charts"), &error);
    REQUIRE_MESSAGE(!charts.empty(), error);
    std::ifstream in(charts + "/Chart.yaml");
    std::string line;
    std::getline(in, line);
    CHECK(line == "name: c");
    std::ifstream a(fs::path(charts).parent_path() / "a.yaml");
    std::getline(a, line);
    CHECK(line == "committed");
    CHECK(tree->DiskPath("/elsewhere", &error) == "/elsewhere");
    disk_copy = fs::path(charts).parent_path().parent_path().string();
    CHECK(fs::exists(disk_copy));
  }
  CHECK_FALSE(fs::exists(disk_copy));
}

TEST_CASE("GitFileSystem: errors name the directory or the revision") {
  CommittedRepository repo;
  std::string error;
  CHECK_FALSE(GitFileSystem::Open(repo.path.string(), "no-such", &error));
  CHECK(error == "unknown git revision 'no-such'");
  CHECK_FALSE(GitFileSystem::Open("/", "HEAD", &error));
  CHECK(error.rfind("/ is not in a git repository (", 0) == 0);
}

}  // namespace
}  // namespace ampcheck
