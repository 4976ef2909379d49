#include "analyzer/discover/git_file_system.h"

#include <git2.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// Where the tree is mounted: an absolute path that is not on disk, so nothing
// that looks at the disk (the .gitignore reader, a renderer) sees the working
// tree's files in its place.
constexpr char kMountRoot[] = "/ampcheck-git-tree";
// As the kernel does: more links than this on one path is a loop.
constexpr int kMaxSymlinks = 40;

std::string LastError() {
  const git_error* e = git_error_last();
  return e && e->message ? e->message : "unknown libgit2 error";
}

// `path` relative to `root`, "" for the root itself; false when outside.
bool BelowRoot(const std::string& root, const std::string& path,
               std::string* relative) {
  std::string normal =
      std::filesystem::path(path).lexically_normal().generic_string();
  while (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  if (normal == root) {
    relative->clear();
    return true;
  }
  if (normal.rfind(root + "/", 0) != 0) return false;
  *relative = normal.substr(root.size() + 1);
  return true;
}

}  // namespace

struct GitFileSystem::Repository {
  git_repository* repo = nullptr;
  git_tree* tree = nullptr;
  ~Repository() {
    if (tree) git_tree_free(tree);
    if (repo) git_repository_free(repo);
  }
};

struct GitFileSystem::Entry {
  git_object_t type = GIT_OBJECT_INVALID;
  git_filemode_t mode = GIT_FILEMODE_UNREADABLE;
  git_oid id{};
};

GitFileSystem::GitFileSystem() : repository_(std::make_unique<Repository>()) {}

GitFileSystem::~GitFileSystem() {
  std::error_code ignored;
  if (!disk_copy_.empty()) std::filesystem::remove_all(disk_copy_, ignored);
}

std::unique_ptr<GitFileSystem> GitFileSystem::Open(const std::string& directory,
                                                   const std::string& revision,
                                                   std::string* error) {
  static const int initialized = git_libgit2_init();
  (void)initialized;
  std::unique_ptr<GitFileSystem> fs(new GitFileSystem());
  Repository& r = *fs->repository_;
  std::error_code ec;
  std::string absolute = std::filesystem::absolute(directory, ec).string();
  if (git_repository_open_ext(&r.repo, absolute.c_str(), 0, nullptr) != 0) {
    *error = directory + " is not in a git repository (" + LastError() + ")";
    return nullptr;
  }
  const char* workdir = git_repository_workdir(r.repo);
  if (!workdir) {
    *error = directory + " is in a bare git repository";
    return nullptr;
  }
  std::filesystem::path top = std::filesystem::weakly_canonical(workdir, ec);
  std::filesystem::path here = std::filesystem::weakly_canonical(absolute, ec);
  std::string prefix = here.lexically_relative(top).generic_string();
  fs->prefix_ = prefix == "." || prefix.empty() ? "" : prefix + "/";
  git_object* commit = nullptr;
  if (git_revparse_single(&commit, r.repo, (revision + "^{commit}").c_str()) !=
      0) {
    *error = "unknown git revision '" + revision + "'";
    return nullptr;
  }
  int tree_status =
      git_commit_tree(&r.tree, reinterpret_cast<const git_commit*>(commit));
  char short_id[13] = {};
  git_oid_tostr(short_id, sizeof short_id, git_object_id(commit));
  git_object_free(commit);
  if (tree_status != 0) {
    *error = "cannot read the tree of " + revision + ": " + LastError();
    return nullptr;
  }
  fs->short_commit_ = short_id;
  fs->root_ = std::string(kMountRoot) + "/" + short_id;
  return fs;
}

std::string GitFileSystem::Map(const std::string& input) const {
  std::string relative = input == "." ? "" : input;
  while (StartsWith(relative, "./")) relative = relative.substr(2);
  std::string path = root_ + "/" + prefix_ + relative;
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

bool GitFileSystem::Lookup(const std::string& relative, Entry* entry) const {
  if (relative.empty()) {
    entry->type = GIT_OBJECT_TREE;
    entry->mode = GIT_FILEMODE_TREE;
    git_oid_cpy(&entry->id, git_tree_id(repository_->tree));
    return true;
  }
  git_tree_entry* found = nullptr;
  if (git_tree_entry_bypath(&found, repository_->tree, relative.c_str()) != 0)
    return false;
  entry->type = git_tree_entry_type(found);
  entry->mode = git_tree_entry_filemode(found);
  git_oid_cpy(&entry->id, git_tree_entry_id(found));
  git_tree_entry_free(found);
  return true;
}

// Component by component, as the kernel resolves a path: a symlink's target
// (its blob) replaces the components read so far.
bool GitFileSystem::Resolve(const std::string& path,
                            std::string* relative) const {
  std::string start;
  if (!BelowRoot(root_, path, &start)) return false;
  std::vector<std::string> pending = Split(start, '/');
  std::reverse(pending.begin(), pending.end());
  std::string resolved;
  int links = 0;
  while (!pending.empty()) {
    std::string part = pending.back();
    pending.pop_back();
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (resolved.empty()) return false;  // above the repository
      resolved = ParentPath(resolved);
      continue;
    }
    std::string next = resolved.empty() ? part : resolved + "/" + part;
    Entry entry;
    if (!Lookup(next, &entry)) return false;
    if (entry.mode != GIT_FILEMODE_LINK) {
      resolved = next;
      continue;
    }
    if (++links > kMaxSymlinks) return false;
    git_blob* blob = nullptr;
    if (git_blob_lookup(&blob, repository_->repo, &entry.id) != 0) return false;
    std::string target(static_cast<const char*>(git_blob_rawcontent(blob)),
                       static_cast<size_t>(git_blob_rawsize(blob)));
    git_blob_free(blob);
    if (!target.empty() && target[0] == '/') return false;  // off the tree
    std::vector<std::string> parts = Split(target, '/');
    for (auto it = parts.rbegin(); it != parts.rend(); ++it)
      pending.push_back(*it);
  }
  *relative = resolved;
  return true;
}

FileStatus GitFileSystem::Stat(const std::string& path) const {
  std::lock_guard<std::mutex> lock(mutex_);
  FileStatus status;
  std::string relative;
  if (BelowRoot(root_, path, &relative) && relative == ".git") {
    status.type = FileStatus::Type::kDirectory;  // the repository's root
    return status;
  }
  Entry entry;
  if (!Resolve(path, &relative) || !Lookup(relative, &entry)) return status;
  if (entry.type == GIT_OBJECT_TREE || entry.type == GIT_OBJECT_COMMIT) {
    // A submodule is a directory whose listing says why it is not read.
    status.type = FileStatus::Type::kDirectory;
    status.identity = relative.empty() ? "/" : relative;
  } else if (entry.type == GIT_OBJECT_BLOB) {
    status.type = FileStatus::Type::kFile;
    git_blob* blob = nullptr;
    if (git_blob_lookup(&blob, repository_->repo, &entry.id) == 0) {
      status.size = static_cast<uint64_t>(git_blob_rawsize(blob));
      git_blob_free(blob);
    }
  } else {
    status.type = FileStatus::Type::kOther;
  }
  return status;
}

bool GitFileSystem::ListDirectory(const std::string& path,
                                  std::vector<DirectoryEntry>* entries,
                                  std::string* error) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string relative;
  Entry entry;
  if (!Resolve(path, &relative) || !Lookup(relative, &entry)) {
    *error = "not in the tree of commit " + short_commit_;
    return false;
  }
  if (entry.type == GIT_OBJECT_COMMIT) {
    char id[13] = {};
    git_oid_tostr(id, sizeof id, &entry.id);
    submodules_[relative] = id;
    *error = "a git submodule (commit " + std::string(id) +
             "); its files are in another repository and are not read";
    return false;
  }
  if (entry.type != GIT_OBJECT_TREE) {
    *error = "not a directory in commit " + short_commit_;
    return false;
  }
  git_tree* tree = nullptr;
  if (git_tree_lookup(&tree, repository_->repo, &entry.id) != 0) {
    *error = LastError();
    return false;
  }
  entries->clear();
  for (size_t i = 0; i < git_tree_entrycount(tree); ++i) {
    const git_tree_entry* child = git_tree_entry_byindex(tree, i);
    entries->push_back({git_tree_entry_name(child),
                        git_tree_entry_filemode(child) == GIT_FILEMODE_LINK});
  }
  git_tree_free(tree);
  // Git orders a tree "a.b" < "a" when "a" is a directory; callers want names.
  std::sort(entries->begin(), entries->end(),
            [](const DirectoryEntry& a, const DirectoryEntry& b) {
              return a.name < b.name;
            });
  return true;
}

bool GitFileSystem::ReadFile(const std::string& path, uint64_t max_bytes,
                             std::string* content, std::string* error) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string relative;
  Entry entry;
  if (!Resolve(path, &relative) || !Lookup(relative, &entry)) {
    *error = "not in the tree of commit " + short_commit_;
    return false;
  }
  if (entry.type != GIT_OBJECT_BLOB) {
    *error = "not a file in commit " + short_commit_;
    return false;
  }
  git_blob* blob = nullptr;
  if (git_blob_lookup(&blob, repository_->repo, &entry.id) != 0) {
    *error = LastError();
    return false;
  }
  // The blob as committed: no smudge filter, no export-subst.
  size_t size = static_cast<size_t>(git_blob_rawsize(blob));
  content->assign(static_cast<const char*>(git_blob_rawcontent(blob)),
                  std::min<uint64_t>(size, max_bytes));
  git_blob_free(blob);
  return true;
}

std::string GitFileSystem::RealPath(const std::string& path) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string relative;
  if (!Resolve(path, &relative)) return "";
  return relative.empty() ? root_ : root_ + "/" + relative;
}

std::map<std::string, std::string> GitFileSystem::SubmodulesReached() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return submodules_;
}

bool GitFileSystem::WriteTree(const std::string& relative,
                              const std::string& target,
                              std::string* error) const {
  Entry entry;
  if (!Lookup(relative, &entry) || entry.type != GIT_OBJECT_TREE) return true;
  git_tree* tree = nullptr;
  if (git_tree_lookup(&tree, repository_->repo, &entry.id) != 0) {
    *error = LastError();
    return false;
  }
  std::error_code ec;
  std::filesystem::create_directories(target, ec);
  bool ok = true;
  for (size_t i = 0; ok && i < git_tree_entrycount(tree); ++i) {
    const git_tree_entry* child = git_tree_entry_byindex(tree, i);
    std::string name = git_tree_entry_name(child);
    std::string child_relative =
        relative.empty() ? name : relative + "/" + name;
    std::string child_target = target + "/" + name;
    git_filemode_t mode = git_tree_entry_filemode(child);
    if (mode == GIT_FILEMODE_TREE) {
      ok = WriteTree(child_relative, child_target, error);
      continue;
    }
    if (git_tree_entry_type(child) != GIT_OBJECT_BLOB) continue;  // gitlink
    git_blob* blob = nullptr;
    if (git_blob_lookup(&blob, repository_->repo, git_tree_entry_id(child)) !=
        0) {
      *error = LastError();
      ok = false;
      break;
    }
    std::string data(static_cast<const char*>(git_blob_rawcontent(blob)),
                     static_cast<size_t>(git_blob_rawsize(blob)));
    git_blob_free(blob);
    if (mode == GIT_FILEMODE_LINK) {
      std::filesystem::create_symlink(data, child_target, ec);
    } else {
      std::ofstream out(child_target, std::ios::binary);
      out << data;
      if (!out) {
        *error = "cannot write " + child_target;
        ok = false;
      }
    }
  }
  git_tree_free(tree);
  return ok;
}

std::string GitFileSystem::DiskPath(const std::string& path,
                                    std::string* error) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string relative;
  if (!BelowRoot(root_, path, &relative)) return path;
  if (disk_copy_.empty()) {
    std::error_code ec;
    std::string pattern =
        (std::filesystem::temp_directory_path(ec) / "ampcheck-git-XXXXXX")
            .string();
    std::vector<char> temp(pattern.begin(), pattern.end());
    temp.push_back('\0');
    if (!mkdtemp(temp.data())) {
      *error = "cannot create a temporary directory";
      return "";
    }
    disk_copy_ = temp.data();
    std::string scope = prefix_;
    while (!scope.empty() && scope.back() == '/') scope.pop_back();
    std::string target = scope.empty() ? disk_copy_ : disk_copy_ + "/" + scope;
    if (!WriteTree(scope, target, error)) return "";
  }
  return relative.empty() ? disk_copy_ : disk_copy_ + "/" + relative;
}

}  // namespace ampcheck
