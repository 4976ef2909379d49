#include "analyzer/facts/content_hash.h"

#include <doctest/doctest.h>

#include <filesystem>

#include "analyzer/facts/facts_cache.h"

namespace ampcheck {
namespace {

// Test vectors of FIPS 180-4 (NIST examples).
TEST_CASE("sha256: the standard test vectors") {
  CHECK(Sha256Hex("") ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(Sha256Hex("abc") ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::string million(1000000, 'a');
  CHECK(Sha256Hex(million) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: feeding in pieces gives the same digest") {
  std::string text(200, 'x');
  for (size_t split : {0, 1, 55, 56, 63, 64, 65, 199}) {
    Sha256 hash;
    hash.Update(std::string_view(text).substr(0, split));
    hash.Update(std::string_view(text).substr(split));
    CHECK(hash.HexDigest() == Sha256Hex(text));
  }
}

// Cache keys must not move when the hash implementation does: the value is
// `printf '2:fp13:deploy/a.yaml7:content' | sha256sum` (fields are
// length-prefixed, facts_cache.cc).
TEST_CASE("sha256: cache keys are pinned") {
  FactsCache cache;
  std::string error;
  std::string dir =
      (std::filesystem::temp_directory_path() / "ampcheck-cache-key-pin")
          .string();
  REQUIRE(cache.Open(dir, "fp", &error));
  CHECK(cache.Key("deploy/a.yaml", "content") ==
        "67736da3c2445c7349f2a8cdc09e1f8f4de921808c04daf122e8a04ae68aed8f");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ampcheck
