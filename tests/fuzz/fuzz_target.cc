// One libFuzzer target, named by AMPCHECK_FUZZ_TARGET (CMake builds one per
// entry of FuzzTargetNames()). A broken property aborts, as a crash does.
// With AMPCHECK_FUZZ_SAVE_TO=DIR set, each input is also written to
// DIR/<its decoded name> (tests/fuzz/add_regression.sh uses that).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string_view>

#include "tests/fuzz/fuzz_entry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string target = AMPCHECK_FUZZ_TARGET;
  ampcheck::FuzzCase input = ampcheck::DecodeFuzzInput(
      target, std::string_view(reinterpret_cast<const char*>(data), size));
  if (const char* directory = std::getenv("AMPCHECK_FUZZ_SAVE_TO")) {
    std::string name = input.path.substr(input.path.rfind('/') + 1);
    std::ofstream(std::string(directory) + "/" + name, std::ios::binary)
        << input.content;
  }
  ampcheck::FuzzOutcome outcome = ampcheck::RunFuzzTarget(target, input);
  for (const std::string& broken : outcome.broken)
    std::fprintf(stderr, "fuzz_%s: %s\n", target.c_str(), broken.c_str());
  if (!outcome.broken.empty()) std::abort();
  return 0;
}
