#include "analyzer/cli/git_tree.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "analyzer/base/strings.h"

namespace ampcheck {

namespace fs = std::filesystem;

int RunProgram(const std::vector<std::string>& argv, const std::string& cwd,
               std::string* out, std::string* err) {
  int out_pipe[2], err_pipe[2];
  if (pipe(out_pipe) != 0) return -1;
  if (pipe(err_pipe) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return -1;
  }
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    close(out_pipe[0]);
    close(err_pipe[0]);
    close(out_pipe[1]);
    close(err_pipe[1]);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(127);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(out_pipe[1]);
  close(err_pipe[1]);
  // Both pipes are drained together so that neither fills up and blocks.
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {out, err};
  int open_fds = 2;
  char buffer[65536];
  while (open_fds > 0) {
    if (poll(fds, 2, -1) < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<size_t>(n));
      } else {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::unique_ptr<GitTree> GitTree::Extract(const std::string& directory,
                                          const std::string& revision,
                                          std::string* error) {
  std::string out, err;
  if (RunProgram({"git", "rev-parse", "--show-toplevel", "--show-prefix"},
                 directory, &out, &err) != 0) {
    *error = directory + " is not in a git repository (" + Trim(err) + ")";
    return nullptr;
  }
  std::vector<std::string> lines = Split(out, '\n');
  std::string top = lines.empty() ? "" : Trim(lines[0]);
  std::string prefix = lines.size() > 1 ? Trim(lines[1]) : "";
  out.clear();
  err.clear();
  if (RunProgram(
          {"git", "rev-parse", "--verify", "--quiet", revision + "^{commit}"},
          top, &out, &err) != 0) {
    *error = "unknown git revision '" + revision + "'";
    return nullptr;
  }
  std::string commit = Trim(out);

  std::string pattern = (fs::temp_directory_path() / "ampcheck-base-XXXXXX");
  std::vector<char> temp(pattern.begin(), pattern.end());
  temp.push_back('\0');
  if (!mkdtemp(temp.data())) {
    *error = "cannot create a temporary directory";
    return nullptr;
  }
  std::unique_ptr<GitTree> tree(new GitTree());
  tree->temp_ = temp.data();
  tree->root_ = tree->temp_ + "/tree";
  tree->prefix_ = prefix;
  fs::create_directories(tree->root_);
  std::string archive = tree->temp_ + "/base.tar";
  out.clear();
  err.clear();
  if (RunProgram({"git", "archive", "--format=tar", "-o", archive, commit}, top,
                 &out, &err) != 0) {
    *error = "git archive " + revision + " failed: " + Trim(err);
    return nullptr;
  }
  out.clear();
  err.clear();
  if (RunProgram({"tar", "-xf", archive, "-C", tree->root_}, "", &out, &err) !=
      0) {
    *error = "cannot extract " + revision + ": " + Trim(err);
    return nullptr;
  }
  fs::remove(archive);
  return tree;
}

GitTree::~GitTree() {
  std::error_code ignored;
  if (!temp_.empty()) fs::remove_all(temp_, ignored);
}

std::string GitTree::Map(const std::string& input) const {
  std::string relative = input == "." ? "" : input;
  while (StartsWith(relative, "./")) relative = relative.substr(2);
  std::string path = root_ + "/" + prefix_ + relative;
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace ampcheck
