#include "analyzer/report/check_help.h"

#include <doctest/doctest.h>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/discover/file_system.h"

namespace ampcheck {
namespace {

// The page's **Fix:** paragraph with its lines joined.
std::string FixParagraph(const std::string& page) {
  size_t start = page.find("**Fix:** ");
  if (start == std::string::npos) return "";
  start += 9;
  size_t end = page.find("\n\n", start);
  std::string text = page.substr(start, end - start);
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

TEST_CASE("every check has a fix line, the first sentence of its docs page") {
  DiskFileSystem fs;
  for (const auto& check : AllChecks()) {
    std::string id = check->id();
    CAPTURE(id);
    std::string fix = CheckFix(id);
    REQUIRE(!fix.empty());
    CHECK(fix.back() == '.');
    std::string page, error;
    REQUIRE(fs.ReadFile(
        std::string(AMPCHECK_SOURCE_DIR) + "/docs/checks/" + id + ".md",
        1 << 20, &page, &error));
    CHECK(StartsWith(FixParagraph(page), fix));
  }
  CHECK(std::string(CheckFix("no-such-check")).empty());
}

TEST_CASE("docs links: the default base, or the one given") {
  CHECK(CheckDocsUrl("", "missing-timeout") ==
        "https://github.com/ampcheck/ampcheck/blob/main/docs/checks/"
        "missing-timeout.md");
  CHECK(CheckDocsUrl("https://git.example.com/docs/checks//", "retry-cycle") ==
        "https://git.example.com/docs/checks/retry-cycle.md");
}

}  // namespace
}  // namespace ampcheck
