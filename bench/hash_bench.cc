// SHA-256 throughput of the hash that keys the facts cache and the fleet
// digest (analyzer/facts/content_hash.h), on MB megabytes held in memory.
//   hash_bench [mb=256]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "analyzer/facts/content_hash.h"

int main(int argc, char** argv) {
  size_t mb = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 256;
  std::string data(mb << 20, '\0');
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = static_cast<char>((i * 2654435761u) >> 13);
  auto start = std::chrono::steady_clock::now();
  std::string digest = ampcheck::Sha256Hex(data);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::printf("ampcheck Sha256Hex: %zu MiB in %.3f s, %.0f MB/s (%s...)\n", mb,
              seconds, data.size() / 1e6 / seconds,
              digest.substr(0, 16).c_str());
}
