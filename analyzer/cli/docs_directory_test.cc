#include "analyzer/cli/docs_directory.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("Check pages: installed, then the checkout, or the environment") {
  CHECK(CheckDocsCandidates("/opt/ampcheck/bin/ampcheck", "") ==
        std::vector<std::string>{"/opt/ampcheck/share/ampcheck/docs/checks",
                                 "/opt/ampcheck/docs/checks"});
  CHECK(CheckDocsCandidates("/opt/ampcheck/bin/ampcheck", "/d") ==
        std::vector<std::string>{"/d"});
  CHECK(CheckDocsCandidates("", "").empty());
  MemoryFileSystem fs;
  fs.AddFile("/src/docs/checks/retry-cycle.md", "# retry-cycle\n");
  std::vector<std::string> candidates =
      CheckDocsCandidates("/src/build/ampcheck", "");
  CHECK(FindCheckPage(fs, candidates, "retry-cycle") ==
        "/src/docs/checks/retry-cycle.md");
  CHECK(FindCheckPage(fs, candidates, "missing-timeout") == "");
}

}  // namespace
}  // namespace ampcheck
