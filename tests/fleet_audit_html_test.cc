// The HTML inventory in headless Chromium (Debian's chromium driven by the
// pinned playwright-core of tests/browser; tests/browser/setup.sh installs
// both): it renders without network, a table sorts on click, and the
// screenshot shows the call graph. AMPCHECK_SKIP_BROWSER=1 skips it on a
// machine without a browser; otherwise a missing browser fails the test.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "tests/fleet_audit_test_support.h"

namespace ampcheck {
namespace {

using testing::ReadText;
using testing::RunAmpcheck;
using testing::ScratchDir;

TEST_CASE("audit html: renders, sorts and draws the graph in Chromium") {
  const char* skip = std::getenv("AMPCHECK_SKIP_BROWSER");
  if (skip && std::string(skip) == "1") return;
  std::string browser_dir = std::string(AMPCHECK_SOURCE_DIR) + "/tests/browser";
  REQUIRE_MESSAGE(std::filesystem::exists("/usr/bin/chromium"),
                  "run tests/browser/setup.sh (apt chromium)");
  REQUIRE_MESSAGE(
      std::filesystem::exists(browser_dir + "/node_modules/playwright-core"),
      "run tests/browser/setup.sh (npm ci)");
  ScratchDir scratch("html");
  auto run = RunAmpcheck(
      "audit fixtures/audit/shop --format html -o " + (scratch / "report.html"),
      scratch);
  REQUIRE(run.exit_code == 1);
  std::string html = ReadText(scratch / "report.html");
  // Nothing to fetch: no linked style sheet, script or image (the browser
  // check also fails on any request that is not the file itself).
  CHECK(html.find("<link") == std::string::npos);
  CHECK(html.find(" src=") == std::string::npos);

  std::string log = scratch / "browser.log";
  std::string command = "cd '" + browser_dir +
                        "' && timeout 120 node check_html_report.mjs '" +
                        (scratch / "report.html") + "' '" +
                        (scratch / "graph.png") + "' >'" + log + "' 2>&1";
  int status = std::system(command.c_str());
  std::string output = ReadText(log);
  CAPTURE(output);
  CHECK(status == 0);
  CHECK(output.find("ok: rendered \"ampcheck fleet inventory\"") !=
        std::string::npos);
  CHECK(output.find("ok: graph has 3 edges, 2 highlighted, labels x9 x15 x3") !=
        std::string::npos);
  CHECK(output.find("ok: services sorted by worst inbound, descending: 45 9 3 "
                    "0 0") != std::string::npos);
  CHECK(output.find("ok: services sorted by name: notifications orders "
                    "payments pricing storefront") != std::string::npos);
  std::string png = ReadText(scratch / "graph.png");
  CHECK(png.substr(1, 3) == "PNG");
  CHECK(png.size() > 20000);
}

}  // namespace
}  // namespace ampcheck
