#include "analyzer/base/tries.h"

namespace ampcheck {

Tries Tries::operator*(const Tries& other) const {
  if (unbounded_ || other.unbounded_) return Unbounded();
  if (count_ != 0 && other.count_ > kSaturated / count_) return Of(kSaturated);
  uint64_t product = count_ * other.count_;
  return Of(product > kSaturated ? kSaturated : product);
}

bool Tries::operator<(const Tries& other) const {
  if (unbounded_) return false;
  if (other.unbounded_) return true;
  return count_ < other.count_;
}

std::string Tries::ToString() const {
  if (unbounded_) return "unbounded";
  if (count_ >= kSaturated) return ">=1e18";
  return std::to_string(count_);
}

}  // namespace ampcheck
