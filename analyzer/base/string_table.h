// Strings held once each: a large fleet names a few thousand files and
// causes millions of times, and holding each once makes copying a name a
// pointer copy and comparing two an address comparison.
#ifndef AMPCHECK_BASE_STRING_TABLE_H_
#define AMPCHECK_BASE_STRING_TABLE_H_

#include <array>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>

namespace ampcheck {

// Equal strings given to one table come back as the same pointer, which
// stays valid while the table lives. Safe to call from several threads.
class StringTable {
 public:
  const std::string* Of(std::string_view text);

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view text) const {
      return std::hash<std::string_view>()(text);
    }
  };
  // In parts, each behind its own lock, so that threads seldom wait on each
  // other.
  struct Part {
    std::mutex mutex;
    std::unordered_set<std::string, Hash, std::equal_to<>> strings;
  };
  std::array<Part, 16> parts_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_STRING_TABLE_H_
