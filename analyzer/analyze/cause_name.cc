#include "analyzer/analyze/cause_name.h"

namespace ampcheck {

CauseName CauseNames::Of(std::string_view name) {
  if (name.empty()) return {};
  const size_t hash = Hash()(name);
  // The set hashes the name again; the high bits choose the part, so that
  // parts and buckets do not follow each other.
  Part& part = parts_[(hash >> 32) % parts_.size()];
  std::lock_guard<std::mutex> lock(part.mutex);
  auto it = part.names.find(name);
  if (it == part.names.end()) it = part.names.emplace(name).first;
  // Elements of an unordered_set stay where they are when it grows.
  return CauseName(&*it);
}

}  // namespace ampcheck
