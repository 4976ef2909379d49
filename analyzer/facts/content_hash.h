// SHA-256 of file contents and cache keys: a key that changes whenever
// anything that could change a file's facts changes.
#ifndef AMPCHECK_FACTS_CONTENT_HASH_H_
#define AMPCHECK_FACTS_CONTENT_HASH_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace ampcheck {

// Incremental SHA-256 (FIPS 180-4).
class Sha256 {
 public:
  Sha256();
  void Update(std::string_view data);
  // Lower-case hex of the digest; the object is spent afterwards.
  std::string HexDigest();

 private:
  void Block(const unsigned char* block);
  std::array<uint32_t, 8> state_;
  unsigned char buffer_[64];
  size_t buffered_ = 0;
  uint64_t length_ = 0;
};

std::string Sha256Hex(std::string_view data);

}  // namespace ampcheck

#endif  // AMPCHECK_FACTS_CONTENT_HASH_H_
