// SHA-256 of file contents and cache keys: a key that changes whenever
// anything that could change a file's facts changes. Computed by OpenSSL's
// EVP interface (libcrypto), which uses the CPU's SHA extensions.
#ifndef AMPCHECK_FACTS_CONTENT_HASH_H_
#define AMPCHECK_FACTS_CONTENT_HASH_H_

#include <memory>
#include <string>
#include <string_view>

namespace ampcheck {

// Incremental SHA-256 (FIPS 180-4).
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void Update(std::string_view data);
  // Lower-case hex of the digest; the object is spent afterwards.
  std::string HexDigest();

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

std::string Sha256Hex(std::string_view data);

}  // namespace ampcheck

#endif  // AMPCHECK_FACTS_CONTENT_HASH_H_
