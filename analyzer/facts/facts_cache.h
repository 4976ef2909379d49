// A content-addressed cache of extracted facts (--cache DIR): a nightly
// re-audit re-parses only the files whose content changed. The key covers
// everything that can change a file's facts: its content, its display path
// (every location names it), the rules loaded and the ampcheck build.
#ifndef AMPCHECK_FACTS_FACTS_CACHE_H_
#define AMPCHECK_FACTS_FACTS_CACHE_H_

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/facts/facts.h"

namespace ampcheck {

// A digest of every file under the rule directories: names and contents.
std::string RulesDigest(const std::vector<std::string>& rule_dirs);

// The rules' digest, the facts schema and the running ampcheck binary: when
// any of them changes, every cached entry is stale.
std::string ExtractionFingerprint(const std::vector<std::string>& rule_dirs);

class FactsCache {
 public:
  // Creates the directory when missing. False, with *error, when it cannot.
  bool Open(const std::string& directory, const std::string& fingerprint,
            std::string* error);
  bool enabled() const { return !directory_.empty(); }

  std::string Key(std::string_view display_path,
                  std::string_view content) const;
  // False when there is no entry, or it cannot be read back whole.
  bool Load(const std::string& key, FileFacts* facts) const;
  // Best effort: written to a temporary file, then renamed, so a reader
  // never sees half an entry. False when it could not be written.
  bool Store(const std::string& key, const FileFacts& facts) const;

 private:
  std::string EntryPath(const std::string& key) const;
  std::string directory_;
  std::string fingerprint_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_FACTS_FACTS_CACHE_H_
