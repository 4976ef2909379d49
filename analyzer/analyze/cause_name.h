// A cause's name ("layer|VirtualService cart|shop/cart"), held once however
// many findings it causes: a large fleet's 1.3 million candidates name a few
// thousand causes, and group by them.
#ifndef AMPCHECK_ANALYZE_CAUSE_NAME_H_
#define AMPCHECK_ANALYZE_CAUSE_NAME_H_

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
    return name.empty() ? CauseName() : CauseName(table_.Of(name));
  }

 private:
  StringTable table_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_ANALYZE_CAUSE_NAME_H_
