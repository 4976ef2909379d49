// A cause's name ("layer|VirtualService cart|shop/cart"), held once however
// many findings it causes: a large fleet's 1.3 million candidates name a few
// thousand causes, and group by them.
#ifndef AMPCHECK_ANALYZE_CAUSE_NAME_H_
#define AMPCHECK_ANALYZE_CAUSE_NAME_H_

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include "analyzer/base/string_table.h"

namespace ampcheck {

// One name held by a CauseNames; equal names from one CauseNames are the
// same pointer. Empty: no cause (a finding of its own).
class CauseName {
 public:
  CauseName() = default;
  bool empty() const { return name_ == nullptr; }
  std::string_view view() const {
    return name_ ? std::string_view(*name_) : std::string_view();
  }
  bool operator==(const CauseName& other) const = default;
  // For hashing: equal names, equal addresses.
  const void* address() const { return name_; }

 private:
  friend class CauseNames;
  explicit CauseName(const std::string* name) : name_(name) {}
  const std::string* name_ = nullptr;
};

// The names of one analysis's causes; names stay where they are while it
// lives. Safe to call from several threads.
class CauseNames {
 public:
  CauseName Of(std::string_view name) {
    if (name.empty()) return CauseName();
    // One thread's names mostly repeat the one before (a check's candidates,
    // in call order, share a mesh default's or a caller's cause): the last
    // is kept by each thread, with the serial of the table that holds it,
    // and found again without a hash or a lock.
    thread_local uint64_t last_serial = 0;
    thread_local std::string last_text;
    thread_local const std::string* last_held = nullptr;
    if (last_serial == serial_ && last_text == name)
      return CauseName(last_held);
    last_held = table_.Of(name);
    last_serial = serial_;
    last_text.assign(name);
    return CauseName(last_held);
  }

 private:
  // A serial for each table made, never reused as addresses are.
  static uint64_t NextSerial() {
    static std::atomic<uint64_t> next{1};
    return next++;
  }

  const uint64_t serial_ = NextSerial();
  StringTable table_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_CAUSE_NAME_H_
