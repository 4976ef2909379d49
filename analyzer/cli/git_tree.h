// A git revision of the repository around a directory, extracted into a
// temporary directory (git archive | tar) and removed again when done: the
// base side of `ampcheck diff --base <rev>`.
#ifndef AMPCHECK_CLI_GIT_TREE_H_
#define AMPCHECK_CLI_GIT_TREE_H_

#include <memory>
#include <string>
#include <vector>

namespace ampcheck {

// Runs a program (no shell) in `cwd`; its standard output goes to *out and
// its standard error to *err. Returns the exit status, or -1 when it could
// not be started.
int RunProgram(const std::vector<std::string>& argv, const std::string& cwd,
               std::string* out, std::string* err);

class GitTree {
 public:
  // Extracts `revision` of the repository that contains `directory`. nullptr
  // and *error ("not a git repository", "unknown revision ...") on failure.
  static std::unique_ptr<GitTree> Extract(const std::string& directory,
                                          const std::string& revision,
                                          std::string* error);
  ~GitTree();
  GitTree(const GitTree&) = delete;
  GitTree& operator=(const GitTree&) = delete;

  // The extracted top level of the repository.
  const std::string& root() const { return root_; }
  // `directory` relative to the top level: "" or "deploy/".
  const std::string& prefix() const { return prefix_; }
  // Where an input path, relative to `directory`, is in the extracted tree.
  std::string Map(const std::string& input) const;

 private:
  GitTree() = default;
  std::string temp_;  // removed on destruction
  std::string root_;
  std::string prefix_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_CLI_GIT_TREE_H_
