#include "analyzer/discover/file_system.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

namespace ampcheck {

FileStatus DiskFileSystem::Stat(const std::string& path) const {
  FileStatus status;
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) return status;
  if (S_ISDIR(info.st_mode)) {
    status.type = FileStatus::Type::kDirectory;
  } else if (S_ISREG(info.st_mode)) {
    status.type = FileStatus::Type::kFile;
  } else {
    status.type = FileStatus::Type::kOther;
  }
  status.size = static_cast<uint64_t>(info.st_size);
  status.identity =
      std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino);
  return status;
}

std::string DiskFileSystem::RealPath(const std::string& path) const {
  std::error_code ec;
  std::filesystem::path real = std::filesystem::canonical(path, ec);
  return ec ? "" : real.string();
}

bool DiskFileSystem::ListDirectory(const std::string& path,
                                   std::vector<DirectoryEntry>* entries,
                                   std::string* error) const {
  std::error_code ec;
  std::filesystem::directory_iterator it(path, ec);
  if (ec) {
    *error = ec.message();
    return false;
  }
  for (; it != std::filesystem::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    entries->push_back({it->path().filename().string(), it->is_symlink()});
  }
  if (ec) {
    *error = ec.message();
    return false;
  }
  std::sort(entries->begin(), entries->end(),
            [](const DirectoryEntry& a, const DirectoryEntry& b) {
              return a.name < b.name;
            });
  return true;
}

bool DiskFileSystem::ReadFile(const std::string& path, uint64_t max_bytes,
                              std::string* content, std::string* error) const {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = std::strerror(errno);
    return false;
  }
  content->clear();
  char buffer[65536];
  while (content->size() < max_bytes && in) {
    uint64_t want =
        std::min<uint64_t>(sizeof buffer, max_bytes - content->size());
    in.read(buffer, static_cast<std::streamsize>(want));
    content->append(buffer, static_cast<size_t>(in.gcount()));
  }
  if (in.bad()) {
    *error = "read error";
    return false;
  }
  return true;
}

void MemoryFileSystem::AddFile(const std::string& path, std::string content) {
  files_[path] = std::move(content);
}

void MemoryFileSystem::AddUnreadable(const std::string& path) {
  files_[path] = "";
  unreadable_[path] = true;
}

FileStatus MemoryFileSystem::Stat(const std::string& path) const {
  FileStatus status;
  if (auto it = files_.find(path); it != files_.end()) {
    status.type = FileStatus::Type::kFile;
    status.size = it->second.size();
    status.identity = path;
    return status;
  }
  std::string prefix = path == "." || path.empty() ? "" : path + "/";
  for (const auto& [name, content] : files_) {
    if (name.compare(0, prefix.size(), prefix) == 0) {
      status.type = FileStatus::Type::kDirectory;
      status.identity = path;
      return status;
    }
  }
  return status;
}

bool MemoryFileSystem::ListDirectory(const std::string& path,
                                     std::vector<DirectoryEntry>* entries,
                                     std::string* error) const {
  std::string prefix = path == "." || path.empty() ? "" : path + "/";
  std::set<std::string> names;
  for (const auto& [name, content] : files_) {
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = name.substr(prefix.size());
    names.insert(rest.substr(0, rest.find('/')));
  }
  if (names.empty()) {
    *error = "No such file or directory";
    return false;
  }
  for (const std::string& name : names) entries->push_back({name, false});
  return true;
}

bool MemoryFileSystem::ReadFile(const std::string& path, uint64_t max_bytes,
                                std::string* content,
                                std::string* error) const {
  auto it = files_.find(path);
  if (it == files_.end()) {
    *error = "No such file or directory";
    return false;
  }
  if (unreadable_.count(path)) {
    *error = "Permission denied";
    return false;
  }
  *content = it->second.substr(0, max_bytes);
  return true;
}

}  // namespace ampcheck
