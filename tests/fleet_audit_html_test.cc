// The HTML inventory in headless Chromium (Debian's chromium driven by the
// pinned playwright-core of tests/browser; tests/browser/setup.sh installs
// both): it renders without network, a table sorts on click, and the call
// graph of generated fleets of 50 and 300 services is laid out, zooms,
// pans and filters; the screenshots are left in the build directory
// (browser-screenshots/). AMPCHECK_SKIP_BROWSER=1 skips these tests on a
// machine without a browser; otherwise a missing browser fails them.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "tests/fleet_audit_test_support.h"

namespace ampcheck {
namespace {

using testing::ReadText;
using testing::RunAmpcheck;
using testing::ScratchDir;

const std::string kBrowserDir =
    std::string(AMPCHECK_SOURCE_DIR) + "/tests/browser";

// False when the browser tests are to be skipped; fails when the browser
// is missing.
bool BrowserReady() {
  const char* skip = std::getenv("AMPCHECK_SKIP_BROWSER");
  if (skip && std::string(skip) == "1") return false;
  REQUIRE_MESSAGE(std::filesystem::exists("/usr/bin/chromium"),
                  "run tests/browser/setup.sh (apt chromium)");
  REQUIRE_MESSAGE(
      std::filesystem::exists(kBrowserDir + "/node_modules/playwright-core"),
      "run tests/browser/setup.sh (npm ci)");
  return true;
}

// Runs `node SCRIPT ARGUMENTS` in tests/browser; returns its output and
// puts its exit status in `status`.
std::string RunNode(const std::string& script, const std::string& arguments,
                    const ScratchDir& scratch, int* status) {
  std::string log = scratch / "browser.log";
  std::string command = "cd '" + kBrowserDir + "' && timeout 300 node " +
                        script + " " + arguments + " >'" + log + "' 2>&1";
  *status = std::system(command.c_str());
  return ReadText(log);
}

// The graph of bench/gen_mesh_fleet.py's fleet of `services` services
// (eight tiers, two calls each), filtered by `filter`.
void CheckGraph(int services, const std::string& filter) {
  if (!BrowserReady()) return;
  std::string n = std::to_string(services);
  ScratchDir scratch("html-graph-" + n);
  std::string fleet = scratch / "fleet";
  std::filesystem::create_directories(fleet);
  std::string generate = "python3 '" + std::string(AMPCHECK_SOURCE_DIR) +
                         "/bench/gen_mesh_fleet.py' '" + fleet + "' " + n +
                         " " + std::to_string(services * 2) + " >/dev/null";
  REQUIRE(std::system(generate.c_str()) == 0);
  auto run = RunAmpcheck("audit '" + fleet + "' --format html -o " +
                             (scratch / "report.html") +
                             " --fail-on never --input-errors warn",
                         scratch);
  CAPTURE(run.err);
  REQUIRE(run.exit_code == 0);
  std::string shots =
      std::string(AMPCHECK_BUILD_DIR) + "/browser-screenshots/graph-" + n;
  std::filesystem::create_directories(
      std::filesystem::path(shots).parent_path());
  int status = 0;
  std::string output =
      RunNode("check_graph.mjs",
              "'" + (scratch / "report.html") + "' '" + shots + "' " + filter,
              scratch, &status);
  CAPTURE(output);
  CHECK(status == 0);
  CHECK(output.find("FAIL") == std::string::npos);
  CHECK(output.find("ok: " + n +
                    " nodes at distinct places, none "
                    "overlapping") != std::string::npos);
  CHECK(output.find("ok: " + std::to_string(services * 2) +
                    " edges labelled with tries") != std::string::npos);
  CHECK(output.find(" red on the worst paths") != std::string::npos);
  CHECK(output.find("ok: zoom in, wheel and drag change the view") !=
        std::string::npos);
  CHECK(output.find("ok: filter \"" + filter + "\": ") != std::string::npos);
  CHECK(output.find("ok: hide the others: ") != std::string::npos);
  for (const char* shot : {"-start.png", "-whole.png", "-filtered.png"}) {
    std::string png = ReadText(shots + shot);
    CHECK(png.substr(1, 3) == "PNG");
    CHECK(png.size() > 20000);
  }
}

TEST_CASE("audit html: renders, sorts and draws the graph in Chromium") {
  if (!BrowserReady()) return;
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

  std::string shot =
      std::string(AMPCHECK_BUILD_DIR) + "/browser-screenshots/shop.png";
  std::filesystem::create_directories(
      std::filesystem::path(shot).parent_path());
  int status = 0;
  std::string output = RunNode(
      "check_html_report.mjs",
      "'" + (scratch / "report.html") + "' '" + shot + "'", scratch, &status);
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
  std::string png = ReadText(shot);
  CHECK(png.substr(1, 3) == "PNG");
  CHECK(png.size() > 20000);
}

TEST_CASE("audit html: the graph of 50 services in Chromium") {
  CheckGraph(50, "svc-00012");
}

TEST_CASE("audit html: the graph of 300 services in Chromium") {
  CheckGraph(300, "svc-00123");
}

}  // namespace
}  // namespace ampcheck
