#include "analyzer/facts/facts_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "analyzer/base/json_dump.h"
#include "analyzer/facts/content_hash.h"
#include "analyzer/facts/facts_json.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

bool ReadWhole(const std::string& path, std::string* content) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  *content = text.str();
  return static_cast<bool>(in) || in.eof();
}

// Length-prefixed, so that ("ab", "c") and ("a", "bc") differ.
void AddField(Sha256* hash, std::string_view field) {
  hash->Update(std::to_string(field.size()) + ":");
  hash->Update(field);
}

}  // namespace

std::string RulesDigest(const std::vector<std::string>& rule_dirs) {
  Sha256 hash;
  for (const std::string& dir : rule_dirs) {
    AddField(&hash, dir);
    std::vector<std::string> files;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end;
         it.increment(ec)) {
      if (it->is_regular_file(ec)) files.push_back(it->path().string());
    }
    std::sort(files.begin(), files.end());
    for (const std::string& file : files) {
      std::string content;
      if (!ReadWhole(file, &content)) continue;
      AddField(&hash, fs::relative(file, dir, ec).string());
      AddField(&hash, content);
    }
  }
  return hash.HexDigest();
}

std::string ExtractionFingerprint(const std::vector<std::string>& rule_dirs) {
  Sha256 hash;
  AddField(&hash, kFactsSchema);
  AddField(&hash, AMPCHECK_VERSION);
  // The binary itself: a rebuilt extractor may read the same file
  // differently even when the version string did not move. Its size and
  // modification time identify a build without reading it (it can weigh
  // ~100 MB with debug information).
  struct stat binary;
  if (stat("/proc/self/exe", &binary) == 0) {
    AddField(&hash, std::to_string(binary.st_size) + ":" +
                        std::to_string(binary.st_mtim.tv_sec) + "." +
                        std::to_string(binary.st_mtim.tv_nsec));
  }
  AddField(&hash, RulesDigest(rule_dirs));
  return hash.HexDigest();
}

bool FactsCache::Open(const std::string& directory,
                      const std::string& fingerprint, std::string* error) {
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (ec || !fs::is_directory(directory)) {
    *error = "cannot create cache directory " + directory + ": " +
             (ec ? ec.message() : "not a directory");
    return false;
  }
  directory_ = directory;
  fingerprint_ = fingerprint;
  return true;
}

std::string FactsCache::Key(std::string_view display_path,
                            std::string_view content) const {
  Sha256 hash;
  AddField(&hash, fingerprint_);
  AddField(&hash, display_path);
  AddField(&hash, content);
  return hash.HexDigest();
}

std::string FactsCache::EntryPath(const std::string& key) const {
  // Two-level fan-out keeps directories small on a large fleet.
  return directory_ + "/" + key.substr(0, 2) + "/" + key.substr(2) + ".json";
}

bool FactsCache::Load(const std::string& key, FileFacts* facts) const {
  std::string content;
  if (!ReadWhole(EntryPath(key), &content)) return false;
  nlohmann::json document = nlohmann::json::parse(content, nullptr, false);
  if (document.is_discarded() || !document.is_object() ||
      document.value("schema", "") != kFactsSchema ||
      !document.contains("facts")) {
    return false;
  }
  std::string error;
  return FileFactsFromJson(document["facts"], facts, &error);
}

bool FactsCache::Store(const std::string& key, const FileFacts& facts) const {
  static std::atomic<uint64_t> sequence{0};
  std::string path = EntryPath(key);
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  std::string temporary = path + ".tmp." + std::to_string(getpid()) + "." +
                          std::to_string(sequence++);
  {
    std::ofstream out(temporary, std::ios::binary);
    nlohmann::json document = {{"schema", kFactsSchema},
                               {"facts", FileFactsToJson(facts)}};
    out << DumpJson(document);
    if (!out) {
      fs::remove(temporary, ec);
      return false;
    }
  }
  fs::rename(temporary, path, ec);
  if (ec) fs::remove(temporary, ec);
  return !ec;
}

}  // namespace ampcheck
