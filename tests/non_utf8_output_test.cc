// A byte that is not UTF-8 in a YAML value or a file name reaches every JSON
// writer; each writes U+FFFD in its place (docs/report-schema.md) instead of
// aborting the run.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "analyzer/analyze/baseline.h"
#include "analyzer/cli/facts_bundle.h"
#include "analyzer/cli/scan.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

constexpr const char* kReplacement = "\xef\xbf\xbd";

// Parses as JSON (which refuses invalid UTF-8) and holds the replacement.
void CheckReplaced(const std::string& text) {
  nlohmann::json parsed;
  CHECK_NOTHROW(parsed = nlohmann::json::parse(text));
  CHECK(text.find(kReplacement) != std::string::npos);
}

TEST_CASE("every JSON writer replaces bytes that are not UTF-8") {
  MemoryFileSystem memory;
  // A Latin-1 file name and value; the bad timeout gives a diagnostic that
  // quotes both.
  memory.AddFile("fleet/caf\xe9.yaml",
                 R"(apiVersion: networking.istio.io/v1beta1
kind: VirtualService
metadata: {name: orders, namespace: shop}
spec:
  hosts: [orders]
  http:
  - route: [{destination: {host: orders}}]
    timeout: "caf)"
                 "\xe9\"\n");
  ScanOptions options;
  options.inputs = {"fleet"};
  options.jobs = 1;
  ScanResult result = RunScan(memory, options);
  REQUIRE(result.model.diagnostics.size() == 1);
  CHECK(result.model.diagnostics[0].location.file == "fleet/caf\xe9.yaml");

  for (const char* format : {"json", "sarif", "codequality"}) {
    INFO("format " << format);
    std::ostringstream out;
    Finding finding;
    finding.check = "retry-amplification";
    finding.message = "caf\xe9";
    finding.location = {"caf\xe9.yaml", 8};
    Analysis analysis = result.analysis;
    analysis.findings.push_back(finding);
    MakeReporter(format)->Render(result.model, analysis, ReportOptions{}, out);
    CheckReplaced(out.str());
  }

  Finding finding;
  finding.check = "retry-amplification";
  finding.message = "caf\xe9";
  finding.identity = "id-caf\xe9";
  CheckReplaced(BaselineText({finding}));

  FactsBundle bundle;
  bundle.fleet = "fleet";
  bundle.diagnostics = result.model.diagnostics;
  std::ostringstream facts;
  WriteBundle(bundle, facts);
  CheckReplaced(facts.str());
}

}  // namespace
}  // namespace ampcheck
