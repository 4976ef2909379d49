#include "analyzer/discover/process_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "analyzer/base/duration.h"
#include "analyzer/discover/rendered_documents.h"

namespace ampcheck {
namespace {

bool IsExecutableFile(const std::string& path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
         ::access(path.c_str(), X_OK) == 0;
}

// A temporary directory removed when this goes out of scope.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    std::error_code ec;
    std::string base = std::filesystem::temp_directory_path(ec).string();
    if (ec) base = "/tmp";
    std::string pattern = base + "/ampcheck-render-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (::mkdtemp(buffer.data())) path_ = buffer.data();
  }
  ~ScratchDirectory() {
    if (path_.empty()) return;
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

void CloseBoth(int fds[2]) {
  if (fds[0] >= 0) ::close(fds[0]);
  if (fds[1] >= 0) ::close(fds[1]);
}

}  // namespace

std::vector<std::string> IsolatedEnvironment(const std::string& scratch) {
  // Go programs (helm, kubectl, kustomize) send any HTTP(S) request through
  // these proxies; port 9 (discard) on the loopback refuses it at once.
  const std::string closed = "http://127.0.0.1:9";
  return {"PATH=",
          "HOME=" + scratch,
          "TMPDIR=" + scratch,
          "LANG=C",
          "XDG_CACHE_HOME=" + scratch + "/cache",
          "XDG_CONFIG_HOME=" + scratch + "/config",
          "XDG_DATA_HOME=" + scratch + "/data",
          "HELM_CACHE_HOME=" + scratch + "/cache/helm",
          "HELM_CONFIG_HOME=" + scratch + "/config/helm",
          "HELM_DATA_HOME=" + scratch + "/data/helm",
          "HELM_PLUGINS=" + scratch + "/plugins",
          "KUBECONFIG=/dev/null",
          "HTTP_PROXY=" + closed,
          "HTTPS_PROXY=" + closed,
          "http_proxy=" + closed,
          "https_proxy=" + closed,
          "NO_PROXY=",
          "no_proxy="};
}

std::string FailureReason(const ProcessResult& result, int64_t timeout_ms) {
  if (!result.started) return "could not start: " + result.start_error;
  if (result.timed_out)
    return "timed out after " + FormatDuration(timeout_ms) +
           " (render.timeout in the policy)";
  if (result.output_too_large) return "printed more output than ampcheck reads";
  std::string reason = result.signal != 0
                           ? "killed by signal " + std::to_string(result.signal)
                           : "exited with " + std::to_string(result.exit_code);
  std::string first = FirstLine(result.err);
  return first.empty() ? reason : reason + ": " + first;
}

std::string SystemProcessRunner::FindProgram(const std::string& name) const {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos)
    return IsExecutableFile(name) ? name : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    if (!dir.empty()) {
      std::string candidate = dir + "/" + name;
      if (IsExecutableFile(candidate)) return candidate;
    }
    start = end + 1;
  }
  return "";
}

ProcessResult SystemProcessRunner::Run(const ProcessRequest& request) const {
  ProcessResult result;
  if (request.argv.empty()) {
    result.start_error = "no program";
    return result;
  }
  ScratchDirectory scratch;
  if (scratch.path().empty()) {
    result.start_error = std::string("cannot create a temporary directory: ") +
                         std::strerror(errno);
    return result;
  }
  ::mkdir((scratch.path() + "/plugins").c_str(), 0700);

  int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
  if (::pipe2(out_pipe, O_CLOEXEC) != 0 || ::pipe2(err_pipe, O_CLOEXEC) != 0) {
    result.start_error = std::string("pipe: ") + std::strerror(errno);
    CloseBoth(out_pipe);
    CloseBoth(err_pipe);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  posix_spawn_file_actions_addchdir_np(&actions, scratch.path().c_str());
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // Its own process group, so a timeout kills whatever it started too.
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);

  std::vector<std::string> env = IsolatedEnvironment(scratch.path());
  std::vector<char*> argv, envp;
  for (const std::string& a : request.argv)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const std::string& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  pid_t pid = 0;
  int spawn_error = ::posix_spawn(&pid, request.argv[0].c_str(), &actions,
                                  &attributes, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (spawn_error != 0) {
    result.start_error = std::strerror(spawn_error);
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    return result;
  }
  result.started = true;

  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(request.timeout_ms);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open_count = 2;
  char buffer[65536];
  bool kill_it = false;
  while (open_count > 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0) {
      result.timed_out = kill_it = true;
      break;
    }
    int ready = ::poll(fds, 2, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) {
      kill_it = true;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_count;
        continue;
      }
      sinks[i]->append(buffer, static_cast<size_t>(n));
      // stderr only needs its first lines; stdout is the rendered output.
      uint64_t limit = i == 0 ? request.max_output_bytes : 1u << 20;
      if (sinks[i]->size() > limit) {
        sinks[i]->resize(limit);
        if (i == 0) result.output_too_large = kill_it = true;
      }
    }
    if (kill_it) break;
  }
  if (kill_it) ::kill(-pid, SIGKILL);
  for (pollfd& fd : fds) {
    if (fd.fd >= 0) ::close(fd.fd);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  // Whatever the group left behind dies with it.
  ::kill(-pid, SIGKILL);
  return result;
}

}  // namespace ampcheck
