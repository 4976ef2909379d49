#include "analyzer/base/string_table.h"

namespace ampcheck {

const std::string* StringTable::Of(std::string_view text) {
  const size_t hash = Hash()(text);
  // The set hashes the text again; the high bits choose the part, so that
  // parts and buckets do not follow each other.
  Part& part = parts_[(hash >> 32) % parts_.size()];
  std::lock_guard<std::mutex> lock(part.mutex);
  auto it = part.strings.find(text);
  if (it == part.strings.end()) it = part.strings.emplace(text).first;
  // Elements of an unordered_set stay where they are when it grows.
  return &*it;
}

}  // namespace ampcheck
