// The release binary runs on jemalloc with huge pages (analyzer/cli/main.cc,
// docs/performance.md): jemalloc confirms the options it took and where
// from. Sanitizer builds keep their own allocator and check that instead.
#include <doctest/doctest.h>

#include <string>

#include "tests/shell.h"

namespace ampcheck {
namespace {

TEST_CASE("the release binary's allocator is jemalloc with huge pages") {
  ShellRun run = RunShell(std::string("MALLOC_CONF=confirm_conf:true ") +
                          AMPCHECK_BINARY + " --version 2>&1");
  CHECK(run.exit_code == 0);
  const bool confirmed =
      run.out.find(
          "<jemalloc>: malloc_conf #2 (string pointed to by the "
          "global variable malloc_conf): "
          "\"thp:always,metadata_thp:always\"") != std::string::npos;
  const bool set = run.out.find("<jemalloc>: -- Set conf value: thp:always") !=
                   std::string::npos;
#if AMPCHECK_BINARY_USES_JEMALLOC
  CHECK_MESSAGE(confirmed, run.out);
  CHECK_MESSAGE(set, run.out);
#else
  // ASan and the fuzz builds: glibc's interface, the sanitizer's allocator.
  CHECK_MESSAGE(!confirmed, run.out);
  CHECK_MESSAGE(!set, run.out);
#endif
}

}  // namespace
}  // namespace ampcheck
