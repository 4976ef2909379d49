// Finding identities ignore line numbers: an edit above a layer moves its
// findings' lines, never their identities, so a baseline and a diff keep
// matching them.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "analyzer/cli/scan.h"
#include "tests/fleet_audit_test_support.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;
using testing::ReadText;
using testing::ScratchDir;

std::multiset<std::string> Identities(const ScanResult& result) {
  std::multiset<std::string> out;
  for (const Finding& f : result.analysis.findings) out.insert(f.identity);
  return out;
}

ScanResult Scan(const fs::path& root) {
  ScanOptions options;
  options.inputs = {root.string()};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  DiskFileSystem disk;
  return RunScan(disk, options);
}

void Prepend(const fs::path& file, const std::string& lines) {
  std::string text = lines + ReadText(file);
  std::ofstream(file, std::ios::binary) << text;
}

TEST_CASE("identities stay when an edit moves every finding's line") {
  ScratchDir scratch("identity");
  fs::path fleet = scratch.path() / "fleet";
  fs::copy(
      fs::path(AMPCHECK_SOURCE_DIR) / "fixtures/fleets/non-idempotent-retries",
      fleet, fs::copy_options::recursive);
  ScanResult before = Scan(fleet);
  REQUIRE(before.analysis.findings.size() >= 5);

  Prepend(fleet / "deploy.yaml", "# moved\n# down\n# three lines\n");
  Prepend(fleet / "storefront/Program.cs", "// moved\n// down\n");
  Prepend(fleet / "billing/src/main/java/com/shop/billing/PaymentsApi.java",
          "// moved\n");
  ScanResult after = Scan(fleet);

  CHECK(Identities(after) == Identities(before));
  // And the lines did move: the test would prove nothing otherwise.
  std::set<std::string> lines_before, lines_after;
  for (const Finding& f : before.analysis.findings)
    lines_before.insert(f.location.ToString());
  for (const Finding& f : after.analysis.findings)
    lines_after.insert(f.location.ToString());
  CHECK(lines_before.count("deploy.yaml:104") == 1);
  CHECK(lines_after.count("deploy.yaml:107") == 1);
  CHECK(lines_after.count("deploy.yaml:104") == 0);
}

}  // namespace
}  // namespace ampcheck
