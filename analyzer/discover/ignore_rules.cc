#include "analyzer/discover/ignore_rules.h"

#include <git2.h>
#include <git2/sys/repository.h>

#include <filesystem>
#include <system_error>
#include <tuple>
#include <utility>

namespace ampcheck {
namespace {

void InitializeLibgit2Once() {
  static const int initialized = git_libgit2_init();
  (void)initialized;
}

// The nearest directory at or above `root` that holds .git, and `root`
// relative to it; `root` itself and "" when there is none.
std::pair<std::string, std::string> RepositoryRoot(const std::string& root) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path start = fs::weakly_canonical(fs::absolute(root, ec), ec);
  if (ec) return {root, ""};
  for (fs::path dir = start;; dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) {
      std::string prefix = start.lexically_relative(dir).generic_string();
      return {dir.string(), prefix == "." ? "" : prefix};
    }
    if (dir == dir.parent_path()) break;
  }
  return {root, ""};
}

// A rule of a gitignore-syntax file in `base` (relative to the repository's
// root) as a rule of the root: gitignore(5) anchors a pattern holding a
// slash (other than a trailing one) to its file's directory, and lets one
// without match at any depth below it.
std::string RebaseRule(const std::string& line, const std::string& base) {
  std::string rule = line;
  while (!rule.empty() && (rule.back() == '\r' || rule.back() == ' '))
    rule.pop_back();
  if (rule.empty() || rule[0] == '#' || base.empty()) return rule;
  std::string negation;
  if (rule[0] == '!') {
    negation = "!";
    rule = rule.substr(1);
  }
  std::string body = rule;
  if (!body.empty() && body.back() == '/') body.pop_back();
  bool anchored = body.find('/') != std::string::npos;
  while (!rule.empty() && rule[0] == '/') rule = rule.substr(1);
  return negation + "/" + base + (anchored ? "/" : "/**/") + rule;
}

std::string RebaseRules(const std::string& content, const std::string& base) {
  std::string rules;
  size_t start = 0;
  while (start <= content.size()) {
    size_t end = content.find('\n', start);
    if (end == std::string::npos) end = content.size();
    std::string rule = RebaseRule(content.substr(start, end - start), base);
    if (!rule.empty() && rule[0] != '#') rules += rule + "\n";
    start = end + 1;
  }
  return rules;
}

}  // namespace

// A repository object with no object database and no .git: libgit2 needs one
// to hold the rules, and reads the .gitignore files of its working directory
// (the scanned directory) itself. So an exported tree without .git is read
// the way its repository would be.
struct IgnoreRules::Repository {
  git_repository* repo = nullptr;
  bool active = false;
  ~Repository() {
    if (repo) git_repository_free(repo);
  }
};

IgnoreRules::IgnoreRules(const std::string& root,
                         const std::vector<std::string>& patterns,
                         bool read_ignore_files)
    : repository_(std::make_unique<Repository>()) {
  InitializeLibgit2Once();
  if (git_repository_new(&repository_->repo) != 0) return;
  std::string workdir = root;
  if (read_ignore_files && !root.empty())
    std::tie(workdir, prefix_) = RepositoryRoot(root);
  bool has_workdir =
      read_ignore_files && !workdir.empty() &&
      git_repository_set_workdir(repository_->repo, workdir.c_str(), 0) == 0;
  if (has_workdir && !prefix_.empty() && PrefixIgnored()) {
    // A directory given explicitly is read even where the repository ignores
    // it (ripgrep does the same: `scan bench/out/fleet` with bench/out/ in
    // .gitignore); the rules above it would ignore every file in it.
    git_repository_free(repository_->repo);
    repository_->repo = nullptr;
    if (git_repository_new(&repository_->repo) != 0) return;
    has_workdir = false;
  }
  if (!has_workdir) prefix_.clear();
  has_workdir_ = has_workdir;
  std::string rules;
  for (const std::string& pattern : patterns)
    rules += RebaseRules(pattern, prefix_);
  if (!rules.empty() &&
      git_ignore_add_rule(repository_->repo, rules.c_str()) != 0) {
    return;
  }
  repository_->active = has_workdir || !rules.empty();
}

void IgnoreRules::AddIgnoreFile(const std::string& directory,
                                const std::string& content) {
  if (!repository_->repo) return;
  std::string base = prefix_.empty()     ? directory
                     : directory.empty() ? prefix_
                                         : prefix_ + "/" + directory;
  std::string rules = RebaseRules(content, base);
  if (rules.empty() ||
      git_ignore_add_rule(repository_->repo, rules.c_str()) != 0)
    return;
  repository_->active = true;
}

bool IgnoreRules::PrefixIgnored() const {
  int ignored = 0;
  std::string path = prefix_ + "/";
  return git_ignore_path_is_ignored(&ignored, repository_->repo,
                                    path.c_str()) == 0 &&
         ignored == 1;
}

IgnoreRules::~IgnoreRules() = default;

bool IgnoreRules::Ignored(const std::string& relative, bool directory) const {
  if (!repository_->active || relative.empty()) return false;
  int ignored = 0;
  std::string path = prefix_.empty() ? relative : prefix_ + "/" + relative;
  if (directory) path += "/";
  if (git_ignore_path_is_ignored(&ignored, repository_->repo, path.c_str()) !=
      0) {
    return false;
  }
  return ignored == 1;
}

}  // namespace ampcheck
