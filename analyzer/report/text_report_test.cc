// The text report as a user reads it, on fixtures/fleets/near-misses
// (1 warning, 2 notes): worst first, a fix line with the docs link, the notes
// counted unless asked for, folded to the width, coloured when told.
#include <doctest/doctest.h>

#include <sstream>

#include "analyzer/cli/scan.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

const ScanResult& NearMisses() {
  static const ScanResult scan = [] {
    ScanOptions options;
    options.inputs = {std::string(AMPCHECK_SOURCE_DIR) +
                      "/fixtures/fleets/near-misses"};
    options.working_directory = options.inputs[0];
    options.jobs = 1;
    DiskFileSystem fs;
    return RunScan(fs, options);
  }();
  return scan;
}

// Folded as on a terminal of the default width.
ReportOptions OnTerminal() {
  ReportOptions options;
  options.width = kDefaultTextWidth;
  return options;
}

std::string Text(const ReportOptions& options) {
  std::ostringstream out;
  MakeTextReporter()->Render(NearMisses().model, NearMisses().analysis, options,
                             out);
  return out.str();
}

const std::string kWarning =
    "manifests.yaml:74: warning: web->search: Istio 1.31 default: 2 retries = "
    "3 tries (no VirtualService\n"
    "  for search); no file sets it [implicit-mesh-retry]\n"
    "    web->search(9 = 3 client: web HTTP client, .ampcheck.yaml:17 x 3 "
    "mesh: Istio default, no\n"
    "      VirtualService for search)\n"
    "    fix: write the policy down: a `retries` block on the route "
    "(`attempts: 0` to disable), or\n"
    "      `defaultHttpRetryPolicy` in the mesh config. See\n"
    "      https://github.com/ampcheck/ampcheck/blob/main/docs/checks/"
    "implicit-mesh-retry.md\n\n";

TEST_CASE("text: findings with a fix line, the notes counted in one line") {
  std::string text = Text(OnTerminal());
  CHECK(text.starts_with(kWarning +
                         "and 2 notes; -v or --severity note to show them\n\n"
                         "worst path to each service"));
  CHECK(text.ends_with(
      "\n1 file, 8 services, 5 calls: 3 findings (0 errors, 1 warning, 2 "
      "notes), 0 input problems; 1 other\n  type skipped\n"));
}

TEST_CASE("text: --severity note and -v list the notes, worst first") {
  ReportOptions options = OnTerminal();
  options.severity = Severity::kNote;
  std::string text = Text(options);
  CHECK(text.starts_with(kWarning + "manifests.yaml:110: note: search: 1 "
                                    "caller retries into it"));
  // The 3-try budget note before the 2-try one.
  CHECK(text.find("manifests.yaml:110: note:") <
        text.find("manifests.yaml:122: note:"));
  CHECK(text.find("-v or --severity") == std::string::npos);
  ReportOptions verbose = OnTerminal();
  verbose.verbose = true;
  CHECK(Text(verbose).find("manifests.yaml:122: note:") != std::string::npos);
}

TEST_CASE("text: --severity error folds the warning too") {
  ReportOptions options = OnTerminal();
  options.severity = Severity::kError;
  CHECK(Text(options).starts_with(
      "1 warning, 2 notes; --severity note to show them\n\nworst path"));
}

TEST_CASE("text: colour around severity, location, check and fix") {
  ReportOptions options;
  options.color = true;
  options.width = 0;
  CHECK(Text(options).starts_with(
      "\x1b[1mmanifests.yaml:74:\x1b[0m \x1b[1;33mwarning\x1b[0m: "
      "web->search: Istio 1.31 default: 2 retries = 3 tries (no "
      "VirtualService for search); no file sets it "
      "\x1b[2m[implicit-mesh-retry]\x1b[0m\n"
      "    web->search(9 = 3 client: web HTTP client, .ampcheck.yaml:17 x 3 "
      "mesh: Istio default, no VirtualService for search)\n"
      "    \x1b[1;32mfix:\x1b[0m write the policy down:"));
  CHECK(Text({}).find('\x1b') == std::string::npos);
}

}  // namespace
}  // namespace ampcheck

namespace ampcheck {
namespace {

std::string MembershipLine(const std::string& fleet) {
  ScanOptions options;
  options.inputs = {std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/" + fleet};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  DiskFileSystem fs;
  ScanResult scan = RunScan(fs, options);
  std::ostringstream out;
  MakeTextReporter()->Render(scan.model, scan.analysis, ReportOptions{}, out);
  std::string text = out.str();
  size_t at = text.find("mesh membership: ");
  if (at == std::string::npos) return "";
  return text.substr(at, text.find('\n', at) - at);
}

TEST_CASE("the membership line names the mesh each service is in") {
  CHECK(MembershipLine("example-fleet") ==
        "mesh membership: 4 of 4 services run a sidecar or are gateways "
        "(Istio 1.31)");
  CHECK(MembershipLine("fleets/linkerd-annotations") ==
        "mesh membership: 5 of 6 services are in a mesh or are gateways "
        "(Linkerd 5)");
  CHECK(MembershipLine("fleets/istio-ambient") ==
        "mesh membership: 5 of 5 services are in a mesh or are gateways "
        "(Istio ambient 5)");
}

}  // namespace
}  // namespace ampcheck
