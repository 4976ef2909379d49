// What a directory walk leaves out by gitignore rules, as ripgrep reads them:
// the .gitignore files inside the scanned directory and in its parents up to
// the repository root (the nearest directory holding .git), the .ignore
// files met in the walk, and the patterns of --exclude and the policy's
// exclude:, all in gitignore syntax and matched by libgit2 (git's own
// semantics: anchoring, negation, directory-only patterns, **), not by a
// hand-written matcher.
#ifndef AMPCHECK_DISCOVER_IGNORE_RULES_H_
#define AMPCHECK_DISCOVER_IGNORE_RULES_H_

#include <memory>
#include <string>
#include <vector>

namespace ampcheck {

class IgnoreRules {
 public:
  // `root`: the scanned directory, whose .gitignore files (at any depth) are
  // read when `read_ignore_files`; `patterns` apply relative to it. Without
  // a root on disk (in memory, a git revision) libgit2 reads none: the
  // caller passes them to AddIgnoreFile (reads_gitignore_from_disk()).
  IgnoreRules(const std::string& root, const std::vector<std::string>& patterns,
              bool read_ignore_files);
  ~IgnoreRules();
  IgnoreRules(const IgnoreRules&) = delete;
  IgnoreRules& operator=(const IgnoreRules&) = delete;

  // `relative`: a path below the root, '/'-separated.
  bool Ignored(const std::string& relative, bool directory) const;

  // The rules of the .ignore file in `directory` (below the root, "" for
  // the root itself), for that directory's subtree.
  void AddIgnoreFile(const std::string& directory, const std::string& content);

  // Whether libgit2 reads the .gitignore files of the root's directory on
  // disk; otherwise the caller hands them to AddIgnoreFile.
  bool reads_gitignore_from_disk() const { return has_workdir_; }

 private:
  // Whether the repository's rules ignore the scanned directory itself.
  bool PrefixIgnored() const;
  struct Repository;
  std::unique_ptr<Repository> repository_;
  // The scanned directory below the repository root ("" when it is the
  // root, or when there is no repository above it).
  std::string prefix_;
  bool has_workdir_ = false;
};

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_IGNORE_RULES_H_
