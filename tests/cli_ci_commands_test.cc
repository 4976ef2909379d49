// ampcheck diff and ampcheck baseline through the binary: what a user sees
// and the exit codes (docs/exit-codes.md).
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "analyzer/cli/run_program.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;
const std::string kSource = AMPCHECK_SOURCE_DIR;
const std::string kDiff = kSource + "/fixtures/diff/";

struct Run {
  int status;
  std::string out, err;
};

Run Ampcheck(std::vector<std::string> args, const std::string& cwd = "") {
  args.insert(args.begin(), AMPCHECK_BINARY);
  Run run;
  run.status = RunProgram(args, cwd, &run.out, &run.err);
  return run;
}

// A scratch directory, removed at the end of the test.
struct Scratch {
  fs::path path;
  Scratch() {
    path = fs::temp_directory_path() /
           ("ampcheck-cli-" + std::to_string(getpid()) + "-" +
            std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Scratch() { fs::remove_all(path); }
  static inline int counter = 0;
};

void Git(const fs::path& repo, std::vector<std::string> args) {
  std::vector<std::string> argv = {"git",
                                   "-c",
                                   "user.name=t",
                                   "-c",
                                   "user.email=t@example.com",
                                   "-c",
                                   "commit.gpgsign=false"};
  argv.insert(argv.end(), args.begin(), args.end());
  std::string out, err;
  REQUIRE_MESSAGE(RunProgram(argv, repo.string(), &out, &err) == 0, err);
}

// A repository whose first commit is the fixture's base and second its head.
void TwoCommitRepo(const fs::path& repo, const std::string& fixture) {
  fs::create_directories(repo);
  Git(repo, {"init", "-q", "-b", "main"});
  fs::copy(kDiff + fixture + "/base", repo, fs::copy_options::recursive);
  Git(repo, {"add", "-A"});
  Git(repo, {"commit", "-qm", "base"});
  for (const auto& entry : fs::directory_iterator(repo))
    if (entry.path().filename() != ".git") fs::remove_all(entry.path());
  fs::copy(kDiff + fixture + "/head", repo, fs::copy_options::recursive);
  Git(repo, {"add", "-A"});
  Git(repo, {"commit", "-qm", "head"});
}

const char* kRetryLine =
    "  checkout -> pricing: 3 -> 9 tries: client retries added at "
    "checkout/client.go:41 (3 tries, hashicorp/go-retryablehttp) on top of "
    "the mesh layer (3 tries, Istio default, no VirtualService for pricing)\n"
    "    before: checkout->pricing(3: Istio default, no VirtualService for "
    "pricing) = 3\n"
    "    after:  checkout->pricing(9 = 3 client: hashicorp/go-retryablehttp, "
    "checkout/client.go:41 x 3 mesh: Istio default, no VirtualService for "
    "pricing) = 9\n";

TEST_CASE("diff of two directories: the path's total before and after") {
  // From the head directory, whose paths print as they are.
  const std::string head = kDiff + "app-retry-on-mesh/head";
  Run run = Ampcheck({"diff", "../base", "."}, head);
  CHECK(run.status == 1);
  CHECK(run.out.rfind(
            "1 path changed tries, 2 findings added, 0 worsened, 1 fixed\n",
            0) == 0);
  CHECK(run.out.find(kRetryLine) != std::string::npos);
  CHECK(run.out.find("findings added (2):\n") != std::string::npos);
  CHECK(run.out.find("  checkout/client.go:41: error: "
                     "path checkout -> pricing: 9 tries per request from 2 "
                     "retrying layers (3 client x 3 mesh); nothing declares "
                     "the owner and maximum [undocumented-amplification]\n") !=
        std::string::npos);
  // Only added findings fail: with --fail-on never it passes.
  CHECK(Ampcheck({"diff", kDiff + "app-retry-on-mesh/base",
                  kDiff + "app-retry-on-mesh/head", "--fail-on", "never"})
            .status == 0);
}

// A path already over the limit gets worse: no finding is new (same
// identities), and the gate still fails, saying by how much.
TEST_CASE("diff: findings that worsen fail the gate with both arithmetics") {
  const std::string base = kDiff + "worsened-path/base",
                    head = kDiff + "worsened-path/head";
  Run run = Ampcheck({"diff", "../base", "."}, head);
  CHECK(run.status == 1);
  CHECK(run.out.rfind(
            "1 path changed tries, 0 findings added, 2 worsened, 0 fixed\n",
            0) == 0);
  CHECK(run.out.find(
            "findings worsened (2):\n"
            "  checkout/client.go:41: error: path frontend -> checkout -> "
            "pricing: 36 tries per request exceeds the limit of 10 "
            "(limits.max_tries); 3 retrying layers (3 mesh x 3 client x 4 "
            "mesh); nothing declares the owner and maximum "
            "[retry-amplification]\n"
            "      worsened: 27 -> 36 tries\n"
            "      before: frontend->checkout(3: Istio default, no "
            "VirtualService for checkout) x checkout->pricing(9 = 3 client: "
            "hashicorp/go-retryablehttp, ../base/checkout/client.go:41 x 3 "
            "mesh: Istio default, no VirtualService for pricing) = 27\n") !=
        std::string::npos);
  CHECK(run.out.find("4 findings unchanged from before\n") !=
        std::string::npos);
  // The severity threshold applies to worsened findings as to added ones:
  // the worsened ones are errors and notes.
  CHECK(Ampcheck({"diff", base, head, "--fail-on", "never"}).status == 0);
  Run notes = Ampcheck({"diff", base, head, "--disable", "retry-amplification",
                        "--disable", "undocumented-amplification", "--fail-on",
                        "warning"});
  CHECK(notes.status == 0);
  Run md = Ampcheck({"diff", "../base", ".", "--format", "markdown"}, head);
  CHECK(md.out.find("**Findings worsened (2)**") != std::string::npos);
  CHECK(md.out.find(":x: `retry-amplification` at `checkout/client.go:41`: "
                    "worsened: 27 -> 36 tries:") != std::string::npos);
  Run json = Ampcheck({"diff", base, head, "--format", "json"});
  CHECK(json.out.find("\"how\": \"27 -> 36 tries\"") != std::string::npos);
}

TEST_CASE(
    "diff --json-output: the JSON report from the same run, with the head's "
    "worst path") {
  Scratch scratch;
  const std::string json = (scratch.path / "diff.json").string();
  Run run = Ampcheck(
      {"diff", "../base", ".", "--format", "markdown", "--json-output", json},
      kDiff + "worsened-path/head");
  CHECK(run.status == 1);
  CHECK(run.out.find("**Findings worsened (2)**") != std::string::npos);
  std::ifstream in(json);
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  Run alone = Ampcheck({"diff", "../base", ".", "--format", "json"},
                       kDiff + "worsened-path/head");
  CHECK(text == alone.out);
  CHECK(text.find("\"head_worst_path\": {\n    \"arithmetic\": "
                  "\"frontend->checkout(3: Istio default, no VirtualService "
                  "for checkout) x checkout->pricing(12 = 3 client: "
                  "hashicorp/go-retryablehttp, checkout/client.go:41 x 4 mesh: "
                  "VirtualService pricing, pricing-routes.yaml:16) = 36\",\n"
                  "    \"services\": [\n      \"frontend\",\n      "
                  "\"checkout\",\n      \"pricing\"\n    ],\n    "
                  "\"tries\": 36\n  }") != std::string::npos);
  Run unwritable = Ampcheck({"diff", "../base", ".", "--json-output",
                             (scratch.path / "no/such/dir/d.json").string()},
                            kDiff + "worsened-path/head");
  CHECK(unwritable.status == 2);
  CHECK(unwritable.err.find("ampcheck: cannot write ") != std::string::npos);
}

TEST_CASE("diff of unrelated changes: all-clear and exit 0") {
  Run run = Ampcheck({"diff", kDiff + "unrelated-change/base",
                      kDiff + "unrelated-change/head"});
  CHECK(run.status == 0);
  CHECK(run.out ==
        "no change to retry amplification: no path's tries changed and no "
        "finding was added (4 findings remain from before)\n");
  Run md = Ampcheck({"diff", kDiff + "unrelated-change/base",
                     kDiff + "unrelated-change/head", "--format", "markdown"});
  CHECK(md.status == 0);
  CHECK(md.out ==
        "<!-- ampcheck -->\n### ampcheck: no change to retry amplification "
        ":white_check_mark:\n\nNo path's tries changed and this change adds "
        "no finding. 4 findings from before remain.\n");
}

TEST_CASE("diff --base <git-rev>: the base extracted from the repository") {
  Scratch scratch;
  fs::path repo = scratch.path / "repo";
  TwoCommitRepo(repo, "app-retry-on-mesh");
  fs::path temp = scratch.path / "tmp";
  fs::create_directories(temp);
  setenv("TMPDIR", temp.c_str(), 1);
  Run run = Ampcheck({"diff", "--base", "HEAD~1"}, repo.string());
  Run md = Ampcheck({"diff", "--base", "HEAD~1", "--format", "markdown"},
                    repo.string());
  Run revs =
      Ampcheck({"diff", "--base", "HEAD~1", "--head", "HEAD~1"}, repo.string());
  unsetenv("TMPDIR");
  INFO(run.err);
  CHECK(run.status == 1);
  CHECK(run.out.find(kRetryLine) != std::string::npos);
  CHECK(md.status == 1);
  CHECK(md.out.find("**`checkout` → `pricing`: 3 → 9 tries per request**: "
                    "client retries added at checkout/client.go:41") !=
        std::string::npos);
  CHECK(md.out.find("- before: 3 (mesh: Istio default, no VirtualService for "
                    "pricing) = **3**\n- after: 3 (client: "
                    "hashicorp/go-retryablehttp, `checkout/client.go:41`) × 3 "
                    "(mesh: Istio default, no VirtualService for pricing) = "
                    "**9**\n") != std::string::npos);
  CHECK(revs.status == 0);
  // Extracted trees are removed.
  CHECK(fs::is_empty(temp));
}

// The base is read from the object database, not exported: attributes that
// change what `git archive` writes (export-ignore drops a file, export-subst
// rewrites one) leave an unchanged tree unchanged.
TEST_CASE("diff --base: export-ignore and export-subst change nothing") {
  Scratch scratch;
  fs::path repo = scratch.path / "repo";
  fs::create_directories(repo);
  Git(repo, {"init", "-q", "-b", "main"});
  fs::copy(kDiff + "worsened-path/head", repo, fs::copy_options::recursive);
  std::ofstream(repo / ".gitattributes")
      << "pricing-routes.yaml export-ignore\ncheckout/ export-ignore\n"
         "workloads.yaml export-subst\n";
  std::ofstream(repo / "workloads.yaml", std::ios::app)
      << "# exported at $Format:%H$\n";
  // Committed although .gitignore names it: both sides leave it out, the
  // base through the revision's own .gitignore.
  std::ofstream(repo / ".gitignore") << "ignored-routes.yaml\n";
  std::ofstream(repo / "ignored-routes.yaml")
      << "apiVersion: networking.istio.io/v1\nkind: VirtualService\n"
         "metadata:\n  name: checkout\n  namespace: shop\nspec:\n"
         "  hosts: [checkout]\n  http:\n  - route:\n    - destination:\n"
         "        host: checkout\n    retries:\n      attempts: 9\n";
  Git(repo, {"add", "-A"});
  Git(repo, {"add", "-f", "ignored-routes.yaml"});
  Git(repo, {"commit", "-qm", "one commit"});
  Run run = Ampcheck({"diff", "--base", "HEAD"}, repo.string());
  INFO(run.err);
  CHECK(run.status == 0);
  CHECK(run.out.rfind("no change to retry amplification: no path's tries "
                      "changed and no finding was added",
                      0) == 0);
}

// The acceptance case of the gate: a path already over its limit goes from
// 36 to 48 tries (checkout's route now retries 3 times too).
TEST_CASE("diff --base HEAD~1: a path from 36 to 48 tries is worsened") {
  Scratch scratch;
  fs::path repo = scratch.path / "repo";
  fs::create_directories(repo);
  Git(repo, {"init", "-q", "-b", "main"});
  fs::copy(kDiff + "worsened-path/head", repo, fs::copy_options::recursive);
  Git(repo, {"add", "-A"});
  Git(repo, {"commit", "-qm", "36 tries"});
  std::ofstream(repo / "checkout-routes.yaml")
      << "apiVersion: networking.istio.io/v1\nkind: VirtualService\n"
         "metadata:\n  name: checkout\n  namespace: shop\nspec:\n"
         "  hosts: [checkout]\n  http:\n  - route:\n    - destination:\n"
         "        host: checkout\n    retries:\n      attempts: 3\n";
  Git(repo, {"add", "-A"});
  Git(repo, {"commit", "-qm", "48 tries"});
  Run run = Ampcheck({"diff", "--base", "HEAD~1"}, repo.string());
  INFO(run.out);
  INFO(run.err);
  CHECK(run.status == 1);
  CHECK(run.out.find("  checkout/client.go:41: error: path frontend -> "
                     "checkout -> pricing: 48 tries per request exceeds the "
                     "limit of 10 (limits.max_tries); 3 retrying layers (4 "
                     "mesh x 3 client x 4 mesh); nothing declares the owner "
                     "and maximum [retry-amplification]\n"
                     "      worsened: 36 -> 48 tries\n") != std::string::npos);
  Run md = Ampcheck({"diff", "--base", "HEAD~1", "--format", "markdown"},
                    repo.string());
  CHECK(md.status == 1);
  CHECK(md.out.find(":x: `retry-amplification` at `checkout/client.go:41`: "
                    "worsened: 36 -> 48 tries:") != std::string::npos);
}

// A gitlink holds another repository's commit, not files: one diagnostic
// names it, and the rest of the tree is read.
TEST_CASE("diff --base: a submodule is diagnosed by its path") {
  Scratch scratch;
  fs::path repo = scratch.path / "repo";
  TwoCommitRepo(repo, "unrelated-change");
  Git(repo, {"update-index", "--add", "--cacheinfo",
             "160000,0123456789abcdef0123456789abcdef01234567,libs/shared"});
  Git(repo, {"commit", "-qm", "submodule"});
  Run run = Ampcheck({"diff", "--base", "HEAD"}, repo.string());
  CHECK(run.status == 0);
  CHECK(run.err ==
        "ampcheck: base HEAD: libs/shared: git submodule (commit "
        "0123456789ab) not read; its files are in another repository\n");
}

TEST_CASE("diff: usage errors exit 2 with a message") {
  Scratch scratch;
  Run not_repo = Ampcheck({"diff", "--base", "HEAD~1"}, scratch.path.string());
  CHECK(not_repo.status == 2);
  CHECK(not_repo.err.find("is not in a git repository") != std::string::npos);
  fs::path repo = scratch.path / "repo";
  TwoCommitRepo(repo, "unrelated-change");
  Run bad_rev = Ampcheck({"diff", "--base", "no-such-branch"}, repo.string());
  CHECK(bad_rev.status == 2);
  CHECK(bad_rev.err == "ampcheck: unknown git revision 'no-such-branch'\n");
  Run one_dir = Ampcheck({"diff", kDiff + "unrelated-change/base"});
  CHECK(one_dir.status == 2);
  CHECK(one_dir.err ==
        "ampcheck: diff needs two directories (BASE HEAD), or --base "
        "<git-rev> [inputs...]\n");
}

TEST_CASE("baseline: the next scan passes, a new finding on top fails") {
  Scratch scratch;
  fs::path fleet = scratch.path / "fleet";
  fs::copy(kSource + "/fixtures/fleets/seed-000-wrapper-x-mesh", fleet,
           fs::copy_options::recursive);
  std::string baseline = (scratch.path / "accepted.json").string();
  CHECK(Ampcheck({"scan", fleet.string()}).status == 1);
  Run taken = Ampcheck({"baseline", fleet.string(), "-o", baseline});
  CHECK(taken.status == 0);
  CHECK(taken.err ==
        "ampcheck: wrote 9 accepted findings to " + baseline + "\n");
  Run clean = Ampcheck(
      {"scan", fleet.string(), "--baseline", baseline, "--fail-on", "note"});
  CHECK(clean.status == 0);
  CHECK(clean.out.find("0 errors, 0 warnings") != std::string::npos);

  // catalog adds its own retry loop: 4 x 3 = 12 tries over the limit and
  // undocumented (one error), and a retrying layer with no timeout (a new
  // cause of missing-timeout; the one accepted for the call is stale).
  {
    std::ofstream policy(fleet / ".ampcheck.yaml", std::ios::app);
    policy << "- service: catalog\n  target: pricing\n  kind: client\n"
              "  tries: 4\n  origin: catalog retry loop\n";
  }
  // Taken from elsewhere, the baseline still matches: identities carry no
  // paths.
  Run worse = Ampcheck({"scan", ".", "--baseline", baseline}, fleet.string());
  CHECK(worse.status == 1);
  CHECK(worse.out.rfind(".ampcheck.yaml:23: error: path catalog -> pricing: "
                        "12 tries per request exceeds the limit of 10 "
                        "(limits.max_tries); 2 retrying layers (4 client x 3 "
                        "mesh); nothing declares the owner and maximum "
                        "[retry-amplification]\n",
                        0) == 0);
  CHECK(worse.out.find(".ampcheck.yaml:23: warning: catalog->pricing: 12 tries "
                       "and no timeout at any layer; hold time is unbounded "
                       "[missing-timeout]\n") != std::string::npos);
  CHECK(worse.out.find("1 error, 1 warning") != std::string::npos);
}

TEST_CASE("baseline: stale entries and suppressions are reported") {
  Scratch scratch;
  fs::path fleet = scratch.path / "fleet";
  fs::copy(kDiff + "app-retry-on-mesh/head", fleet,
           fs::copy_options::recursive);
  std::string baseline = (scratch.path / "b.json").string();
  REQUIRE(Ampcheck({"baseline", fleet.string(), "-o", baseline}).status == 0);
  fs::remove(fleet / "checkout/client.go");  // the retry is gone
  {
    std::ofstream policy(fleet / ".ampcheck.yaml", std::ios::app);
    policy << "suppressions:\n- check: retry-cycle\n"
              "  reason: the queue loop is intended\n";
  }
  // One line per problem whatever the scratch path's length.
  Run run = Ampcheck(
      {"scan", fleet.string(), "--baseline", baseline, "--width", "0"});
  CHECK(run.status == 0);
  CHECK(run.out.find(".ampcheck.yaml:4: warning: stale suppression: "
                     "retry-cycle matches no finding; remove it\n") !=
        std::string::npos);
  CHECK(run.out.find(baseline +
                     ":27: warning: stale baseline entry: "
                     "undocumented-amplification (path checkout -> pricing: 9 "
                     "tries per request from 2 retrying layers (3 client x 3 "
                     "mesh); nothing declares the owner and maximum) matches "
                     "no finding any more; remove it or run ampcheck baseline "
                     "again\n") != std::string::npos);
  Run bad = Ampcheck({"scan", fleet.string(), "--baseline",
                      (fleet / ".ampcheck.yaml").string()});
  CHECK(bad.status == 2);
  CHECK(bad.err.find(".ampcheck.yaml:1: error: not a baseline file: invalid "
                     "JSON\n") != std::string::npos);
}

}  // namespace
}  // namespace ampcheck
