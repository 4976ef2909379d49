// One commit of a git repository as a FileSystem, read from the object
// database through libgit2: no checkout, no `git archive`, so export-ignore
// and export-subst attributes change nothing, and only what the scan walks is
// read. The base side of `ampcheck diff --base <rev>`.
#ifndef AMPCHECK_DISCOVER_GIT_FILE_SYSTEM_H_
#define AMPCHECK_DISCOVER_GIT_FILE_SYSTEM_H_

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"

namespace ampcheck {

class GitFileSystem : public FileSystem {
 public:
  // `revision` of the repository that contains `directory`. nullptr and
  // *error ("... is not in a git repository", "unknown git revision ...").
  static std::unique_ptr<GitFileSystem> Open(const std::string& directory,
                                             const std::string& revision,
                                             std::string* error);
  ~GitFileSystem() override;

  // Where an input path, relative to `directory`, is in this file system.
  // Paths live under a root that is not on disk (root()), whose ".git"
  // exists so that policy discovery stops there.
  std::string Map(const std::string& input) const;
  const std::string& root() const { return root_; }
  // `directory` relative to the repository's top level: "" or "deploy/".
  const std::string& prefix() const { return prefix_; }
  // The commit read, abbreviated.
  const std::string& short_commit() const { return short_commit_; }

  // Submodules (gitlinks) the scan reached, relative to the top level, with
  // their commit: their files are in another repository and are not read.
  std::map<std::string, std::string> SubmodulesReached() const;

  FileStatus Stat(const std::string& path) const override;
  bool ListDirectory(const std::string& path,
                     std::vector<DirectoryEntry>* entries,
                     std::string* error) const override;
  bool ReadFile(const std::string& path, uint64_t max_bytes,
                std::string* content, std::string* error) const override;
  std::string RealPath(const std::string& path) const override;
  // Renderers (helm, kustomize) read from disk: the first call writes the
  // files below `directory` (the directory diff runs in) to a temporary
  // directory, removed on destruction, and maps `path` into it.
  std::string DiskPath(const std::string& path,
                       std::string* error) const override;

 private:
  struct Repository;
  struct Entry;
  GitFileSystem();
  // `path` relative to the top level with every symlink followed; false when
  // it is outside the root or does not resolve.
  bool Resolve(const std::string& path, std::string* relative) const;
  bool Lookup(const std::string& relative, Entry* entry) const;
  bool WriteTree(const std::string& relative, const std::string& target,
                 std::string* error) const;

  std::unique_ptr<Repository> repository_;
  std::string root_;
  std::string prefix_;
  std::string short_commit_;
  mutable std::mutex mutex_;  // libgit2 objects are not shared across threads
  mutable std::map<std::string, std::string> submodules_;
  mutable std::string disk_copy_;  // removed on destruction
};

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_GIT_FILE_SYSTEM_H_
