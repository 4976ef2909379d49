// File access behind an interface, so tests run on in-memory files.
#ifndef AMPCHECK_DISCOVER_FILE_SYSTEM_H_
#define AMPCHECK_DISCOVER_FILE_SYSTEM_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ampcheck {

struct FileStatus {
  enum class Type { kMissing, kFile, kDirectory, kOther } type = Type::kMissing;
  uint64_t size = 0;
  // Identity of a directory after following symlinks, to detect loops.
  std::string identity;
};

struct DirectoryEntry {
  std::string name;
  bool is_symlink = false;
};

class FileSystem {
 public:
  virtual ~FileSystem() = default;
  // Follows symlinks.
  virtual FileStatus Stat(const std::string& path) const = 0;
  // Entries sorted by name. False and *error on failure.
  virtual bool ListDirectory(const std::string& path,
                             std::vector<DirectoryEntry>* entries,
                             std::string* error) const = 0;
  // Reads at most max_bytes; *truncated tells whether more remained.
  virtual bool ReadFile(const std::string& path, uint64_t max_bytes,
                        std::string* content, std::string* error) const = 0;
  // The absolute path with every symlink followed; "" when it cannot be
  // resolved. In memory there are no symlinks: the path itself.
  virtual std::string RealPath(const std::string& path) const { return path; }
  // Where a program that reads the disk (a renderer) finds `path`: the path
  // itself, except for a tree that is not on disk (GitFileSystem). "" and
  // *error when it cannot be provided.
  virtual std::string DiskPath(const std::string& path,
                               std::string* /*error*/) const {
    return path;
  }
  // Whether a path names the same place on the machine's disk, so that the
  // ignore files of the repository around it can be read from there. A git
  // revision's paths are those of its working tree.
  virtual bool PathsOnDisk() const { return true; }
};

// The machine's file system.
class DiskFileSystem : public FileSystem {
 public:
  FileStatus Stat(const std::string& path) const override;
  bool ListDirectory(const std::string& path,
                     std::vector<DirectoryEntry>* entries,
                     std::string* error) const override;
  bool ReadFile(const std::string& path, uint64_t max_bytes,
                std::string* content, std::string* error) const override;
  std::string RealPath(const std::string& path) const override;
};

// Files in memory, for tests. Directories are implied by file paths.
class MemoryFileSystem : public FileSystem {
 public:
  void AddFile(const std::string& path, std::string content);
  void AddUnreadable(const std::string& path);

  FileStatus Stat(const std::string& path) const override;
  bool ListDirectory(const std::string& path,
                     std::vector<DirectoryEntry>* entries,
                     std::string* error) const override;
  bool ReadFile(const std::string& path, uint64_t max_bytes,
                std::string* content, std::string* error) const override;
  // Its paths are no places on disk: the .gitignore of whatever repository
  // the process runs in is not its own.
  bool PathsOnDisk() const override { return false; }

 private:
  std::map<std::string, std::string> files_;
  std::map<std::string, bool> unreadable_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_FILE_SYSTEM_H_
