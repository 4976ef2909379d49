// Runs the ampcheck binary from tests, in a scratch directory of its own.
#ifndef AMPCHECK_TESTS_FLEET_AUDIT_TEST_SUPPORT_H_
#define AMPCHECK_TESTS_FLEET_AUDIT_TEST_SUPPORT_H_

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ampcheck::testing {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A fresh directory under the system temp dir, removed at destruction.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name) {
    path_ = std::filesystem::temp_directory_path() /
            ("ampcheck-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }
  std::string operator/(const std::string& name) const {
    return (path_ / name).string();
  }

 private:
  std::filesystem::path path_;
};

// Runs `ampcheck <arguments>` from `directory` (relative to the source
// directory), where paths print as the arguments give them.
inline RunResult RunAmpcheckIn(const std::string& directory,
                               const std::string& arguments,
                               const ScratchDir& scratch) {
  std::string out = scratch / "stdout", err = scratch / "stderr";
  std::string command = "cd '" + std::string(AMPCHECK_SOURCE_DIR) + "/" +
                        directory + "' && '" + std::string(AMPCHECK_BINARY) +
                        "' " + arguments + " >'" + out + "' 2>'" + err +
                        "' </dev/null";
  int status = std::system(command.c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = ReadText(out);
  result.err = ReadText(err);
  return result;
}

// The same from the source directory.
inline RunResult RunAmpcheck(const std::string& arguments,
                             const ScratchDir& scratch) {
  return RunAmpcheckIn(".", arguments, scratch);
}

}  // namespace ampcheck::testing

#endif  // AMPCHECK_TESTS_FLEET_AUDIT_TEST_SUPPORT_H_
