#include "analyzer/discover/ignore_rules.h"

#include <git2.h>
#include <git2/sys/repository.h>

namespace ampcheck {
namespace {

void InitializeLibgit2Once() {
  static const int initialized = git_libgit2_init();
  (void)initialized;
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
  bool has_workdir =
      read_ignore_files && !root.empty() &&
      git_repository_set_workdir(repository_->repo, root.c_str(), 0) == 0;
  std::string rules;
  for (const std::string& pattern : patterns) rules += pattern + "\n";
  if (!rules.empty() &&
      git_ignore_add_rule(repository_->repo, rules.c_str()) != 0) {
    return;
  }
  repository_->active = has_workdir || !rules.empty();
}

IgnoreRules::~IgnoreRules() = default;

bool IgnoreRules::Ignored(const std::string& relative, bool directory) const {
  if (!repository_->active || relative.empty()) return false;
  int ignored = 0;
  std::string path = directory ? relative + "/" : relative;
  if (git_ignore_path_is_ignored(&ignored, repository_->repo, path.c_str()) !=
      0) {
    return false;
  }
  return ignored == 1;
}

}  // namespace ampcheck
