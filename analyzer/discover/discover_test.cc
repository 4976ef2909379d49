#include "analyzer/discover/discover.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace ampcheck {
namespace {

std::vector<std::string> Displays(const Discovery& d) {
  std::vector<std::string> out;
  for (const DiscoveredFile& f : d.files) out.push_back(f.display);
  return out;
}

TEST_CASE("minified and bundled scripts are skipped and counted") {
  MemoryFileSystem fs;
  fs.AddFile("repo/web/app.js", "const url = process.env.API;\n");
  fs.AddFile("repo/web/vendor.min.js", "!function(){}();\n");
  fs.AddFile("repo/web/dist.js", "var a=1;" + std::string(5000, 'x') + "\n");
  fs.AddFile("repo/.yarn/releases/yarn-4.1.cjs", "module.exports={};\n");
  fs.AddFile("repo/.pnp.cjs", "module.exports={};\n");
  Discovery d = Discover(fs, {"repo"}, {});
  CHECK(Displays(d) == std::vector<std::string>{"repo/web/app.js"});
  CHECK(d.skipped ==
        std::map<std::string, int>{{"bundled", 1}, {"minified", 3}});
}

TEST_CASE(
    "--exclude patterns use gitignore syntax below the scanned "
    "directory") {
  MemoryFileSystem fs;
  fs.AddFile("repo/deploy/app.yaml", "a: 1\n");
  fs.AddFile("repo/deploy/test/fake.yaml", "a: 1\n");
  fs.AddFile("repo/docs/release-notes.yaml", "a: 1\n");
  fs.AddFile("repo/docs/keep.yaml", "a: 1\n");
  DiscoveryOptions options;
  options.excludes = {"test/", "/docs/*", "!/docs/keep.yaml"};
  Discovery d = Discover(fs, {"repo"}, options);
  CHECK(Displays(d) == std::vector<std::string>{"repo/deploy/app.yaml",
                                                "repo/docs/keep.yaml"});
  CHECK(d.skipped == std::map<std::string, int>{{"ignored", 2}});
}

TEST_CASE("nested policy files are not read as files") {
  MemoryFileSystem fs;
  fs.AddFile("repo/app.yaml", "a: 1\n");
  fs.AddFile("repo/.ampcheck.yaml", "{}\n");
  fs.AddFile("repo/team/.ampcheck.yaml", "{}\n");
  Discovery d = Discover(fs, {"repo"}, {});
  CHECK(Displays(d) == std::vector<std::string>{"repo/app.yaml"});
  CHECK(d.policy_files == std::vector<std::string>{"repo/.ampcheck.yaml",
                                                   "repo/team/.ampcheck.yaml"});
}

TEST_CASE(
    ".gitignore files at any depth are honoured, --no-ignore reads "
    "everything") {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() /
                  ("ampcheck-ignore-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "deploy/generated");
  fs::create_directories(root / "web/build");
  std::ofstream(root / ".gitignore") << "build/\n*.local.yaml\n";
  std::ofstream(root / "deploy/.gitignore") << "generated/\n";
  std::ofstream(root / "deploy/app.yaml") << "a: 1\n";
  std::ofstream(root / "deploy/dev.local.yaml") << "a: 1\n";
  std::ofstream(root / "deploy/keep.local.yaml") << "a: 1\n";
  std::ofstream(root / "deploy/generated/x.yaml") << "a: 1\n";
  std::ofstream(root / "web/build/out.js") << "x\n";
  std::ofstream(root / "web/main.js") << "x\n";
  DiskFileSystem disk;
  DiscoveryOptions from_root;  // as `cd root && ampcheck scan .`
  from_root.working_directory = root.string();
  Discovery d = Discover(disk, {root.string()}, from_root);
  CHECK(Displays(d) ==
        std::vector<std::string>{"deploy/app.yaml", "web/main.js"});
  CHECK(d.skipped.at("ignored") == 4);
  DiscoveryOptions all;
  all.ignore_files = false;
  CHECK(Discover(disk, {root.string()}, all).files.size() == 6);
  fs::remove_all(root);
}

TEST_CASE(
    ".ignore files and the .gitignore of the repository above the scanned "
    "directory are honoured") {
  namespace fs = std::filesystem;
  fs::path repo = fs::temp_directory_path() /
                  ("ampcheck-parent-ignore-" + std::to_string(::getpid()));
  fs::remove_all(repo);
  fs::create_directories(repo / ".git");
  fs::create_directories(repo / "services/deploy/rendered");
  fs::create_directories(repo / "services/web/dist");
  std::ofstream(repo / ".gitignore") << "*.secret.yaml\n";
  std::ofstream(repo / "services/.ignore") << "dist/\n/deploy/rendered\n";
  std::ofstream(repo / "services/web/.ignore") << "*.gen.js\n!keep.gen.js\n";
  std::ofstream(repo / "services/deploy/app.yaml") << "a: 1\n";
  std::ofstream(repo / "services/deploy/db.secret.yaml") << "a: 1\n";
  std::ofstream(repo / "services/deploy/rendered/all.yaml") << "a: 1\n";
  std::ofstream(repo / "services/web/dist/app.js") << "x\n";
  std::ofstream(repo / "services/web/api.gen.js") << "x\n";
  std::ofstream(repo / "services/web/keep.gen.js") << "x\n";
  std::ofstream(repo / "services/web/main.js") << "x\n";
  DiskFileSystem disk;
  DiscoveryOptions from_repo;  // as `cd repo && ampcheck scan services`
  from_repo.working_directory = repo.string();
  Discovery d = Discover(disk, {(repo / "services").string()}, from_repo);
  CHECK(Displays(d) == std::vector<std::string>{"services/deploy/app.yaml",
                                                "services/web/keep.gen.js",
                                                "services/web/main.js"});
  CHECK(d.skipped.at("ignored") == 4);
  DiscoveryOptions all;
  all.ignore_files = false;
  CHECK(Discover(disk, {(repo / "services").string()}, all).files.size() == 7);
  fs::remove_all(repo);
}

TEST_CASE(
    "a directory given explicitly is read where the repository ignores it") {
  namespace fs = std::filesystem;
  fs::path repo = fs::temp_directory_path() /
                  ("ampcheck-ignored-input-" + std::to_string(::getpid()));
  fs::remove_all(repo);
  fs::create_directories(repo / ".git");
  fs::create_directories(repo / "bench/out/fleet");
  std::ofstream(repo / ".gitignore") << "/bench/out/\n";
  std::ofstream(repo / "bench/out/fleet/.gitignore") << "*.tmp.yaml\n";
  std::ofstream(repo / "bench/out/fleet/team-000.yaml") << "a: 1\n";
  std::ofstream(repo / "bench/out/fleet/x.tmp.yaml") << "a: 1\n";
  DiskFileSystem disk;
  DiscoveryOptions options;  // `cd repo && ampcheck scan bench/out/fleet`
  options.working_directory = repo.string();
  Discovery given =
      Discover(disk, {(repo / "bench/out/fleet").string()}, options);
  // As ripgrep: the rules inside it still apply.
  CHECK(Displays(given) ==
        std::vector<std::string>{"bench/out/fleet/team-000.yaml"});
  // Scanned from the repository root, the ignored directory is skipped.
  Discovery root = Discover(disk, {repo.string()}, options);
  for (const std::string& file : Displays(root))
    CHECK(file.find("bench/out") == std::string::npos);
  fs::remove_all(repo);
}

TEST_CASE("a symlink never leads out of the scanned directory") {
  namespace fs = std::filesystem;
  fs::path base = fs::temp_directory_path() /
                  ("ampcheck-symlink-" + std::to_string(::getpid()));
  fs::remove_all(base);
  fs::create_directories(base / "repo/deploy");
  fs::create_directories(base / "outside");
  std::ofstream(base / "repo/deploy/app.yaml") << "a: 1\n";
  std::ofstream(base / "outside/secret.yaml") << "a: 1\n";
  fs::create_directory_symlink(base / "outside", base / "repo/elsewhere");
  fs::create_symlink(base / "outside/secret.yaml", base / "repo/secret.yaml");
  fs::create_directory_symlink("deploy", base / "repo/current");  // inside
  DiskFileSystem disk;
  DiscoveryOptions from_repo;  // as `cd repo && ampcheck scan .`
  from_repo.working_directory = (base / "repo").string();
  Discovery d = Discover(disk, {(base / "repo").string()}, from_repo);
  CHECK(Displays(d) ==
        std::vector<std::string>{"current/app.yaml", "deploy/app.yaml"});
  CHECK(d.skipped.at("symlink out of the scanned directory") == 2);
  REQUIRE(d.diagnostics.size() == 2);
  CHECK(d.diagnostics[0].location.ToString() == "elsewhere");
  CHECK(d.diagnostics[0].message ==
        "symlink leads out of the scanned directory (to " +
            fs::canonical(base / "outside").string() + "); not followed");
  CHECK(d.diagnostics[0].severity == Severity::kWarning);
  CHECK(d.diagnostics[1].location.ToString() == "secret.yaml");
  fs::remove_all(base);
}

TEST_CASE("files print under their input as typed, never colliding") {
  MemoryFileSystem fs;
  fs.AddFile("a/deploy/m.yaml", "a: 1\n");
  fs.AddFile("b/deploy/m.yaml", "a: 1\n");
  fs.AddFile("c/web/m.yaml", "a: 1\n");
  CHECK(Displays(Discover(fs, {"a/deploy", "b/deploy", "c/web"}, {})) ==
        std::vector<std::string>{"a/deploy/m.yaml", "b/deploy/m.yaml",
                                 "c/web/m.yaml"});
  CHECK(Displays(Discover(fs, {"a/deploy"}, {})) ==
        std::vector<std::string>{"a/deploy/m.yaml"});
  CHECK(Displays(Discover(fs, {"a/deploy/m.yaml"}, {})) ==
        std::vector<std::string>{"a/deploy/m.yaml"});
}

TEST_CASE("files in memory are found whatever repository the process runs in") {
  // A repository that ignores everything, as the process's directory: its
  // .gitignore is no rule of files that are not on disk.
  namespace fs = std::filesystem;
  fs::path repo = fs::temp_directory_path() /
                  ("ampcheck-cwd-repo-" + std::to_string(::getpid()));
  fs::remove_all(repo);
  fs::create_directories(repo / ".git");
  fs::create_directories(repo / "build");
  std::ofstream(repo / ".gitignore") << "*\n";
  fs::path before = fs::current_path();
  fs::current_path(repo / "build");
  MemoryFileSystem memory;
  memory.AddFile("fleet/app.yaml", "a: 1\n");
  memory.AddFile("fleet/.gitignore", "skip.yaml\n");
  memory.AddFile("fleet/skip.yaml", "a: 1\n");
  Discovery d = Discover(memory, {"fleet"}, {});
  fs::current_path(before);
  fs::remove_all(repo);
  CHECK(Displays(d) == std::vector<std::string>{"fleet/app.yaml"});
  CHECK(d.skipped.at("ignored") == 1);
}

TEST_CASE("an input inside another is read once") {
  MemoryFileSystem fs;
  fs.AddFile("repo/k8s/m.yaml", "a: 1\n");
  fs.AddFile("repo/app.yaml", "a: 1\n");
  Discovery d = Discover(fs, {"repo", "repo/k8s"}, {});
  CHECK(Displays(d) ==
        std::vector<std::string>{"repo/app.yaml", "repo/k8s/m.yaml"});
  CHECK(d.skipped == std::map<std::string, int>{{"given twice", 1}});
}

}  // namespace
}  // namespace ampcheck
