// Tries: the number of requests one call can send (1 + retries), or
// unbounded. Products of tries saturate instead of overflowing.
#ifndef AMPCHECK_BASE_TRIES_H_
#define AMPCHECK_BASE_TRIES_H_

#include <cstdint>
#include <string>

namespace ampcheck {

class Tries {
 public:
  // Above this a product is reported as saturated, never wrapped.
  static constexpr uint64_t kSaturated = 1000000000000000000ULL;

  Tries() = default;
  static Tries Of(uint64_t count) {
    return Tries(count < 1 ? 1 : count, false);
  }
  static Tries Unbounded() { return Tries(0, true); }
  // Total tries from a retry count (Istio attempts, urllib3 total, ...).
  static Tries FromRetries(uint64_t retries) { return Of(retries + 1); }

  bool unbounded() const { return unbounded_; }
  uint64_t count() const { return count_; }
  bool retries() const { return unbounded_ || count_ > 1; }

  // Along a path or through nested layers, tries multiply.
  Tries operator*(const Tries& other) const;
  bool operator==(const Tries& other) const = default;
  // Unbounded compares greater than every count.
  bool operator<(const Tries& other) const;
  bool operator>(const Tries& other) const { return other < *this; }

  // "9", or "unbounded".
  std::string ToString() const;

 private:
  Tries(uint64_t count, bool unbounded)
      : count_(count), unbounded_(unbounded) {}
  uint64_t count_ = 1;
  bool unbounded_ = false;
};

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_TRIES_H_
