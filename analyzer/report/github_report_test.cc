#include "analyzer/report/github_report.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "analyzer/report/report_test_support.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

TEST_CASE("github: workflow commands escape what the runner parses") {
  CHECK(EscapeWorkflowData("50% of a\nb\r") == "50%25 of a%0Ab%0D");
  CHECK(EscapeWorkflowProperty("a:b,c%") == "a%3Ab%2Cc%25");
  CHECK(WorkflowCommand("error", {"deploy/a,b.yaml", 9}, "ampcheck x",
                        "line one\nline two", {}) ==
        "::error file=deploy/a%2Cb.yaml,line=9,title=ampcheck x::line "
        "one%0Aline two");
  // No location: an annotation on the run, not on a line.
  CHECK(WorkflowCommand("notice", {}, "t", "m", {}) == "::notice title=t::m");
}

TEST_CASE("github: one annotation per cause, worst first, input errors too") {
  Model model;
  model.diagnostics.push_back(
      {{"deploy/bad.yaml", 3}, "malformed YAML: x", Severity::kError});
  model.diagnostics.push_back(
      {{"deploy/old.yaml", 1}, "a warning", Severity::kWarning});
  Analysis analysis;
  Finding note;
  note.check = "retry-without-jitter";
  note.severity = Severity::kNote;
  note.message = "a: no jitter";
  note.location = {"src/a.go", 4};
  Finding error;
  error.check = "retry-amplification";
  error.severity = Severity::kError;
  error.message = "path a -> b: 12 tries";
  error.location = {"policy.yaml", 7};
  error.unit = "path";
  error.affected = {WrittenEntry({"a", "b"}, {"policy.yaml", 7}, "a -> b: 12"),
                    WrittenEntry({"c", "b"}, {"policy.yaml", 9}, "c -> b: 11")};
  analysis.findings = {note, error};
  std::ostringstream out;
  MakeReporter("github")->Render(model, analysis, {}, out);
  CHECK(out.str() ==
        "::error file=policy.yaml,line=7,title=ampcheck "
        "retry-amplification::path a -> b: 12 tries%0A2 paths, worst "
        "first:%0A- policy.yaml:7: a -> b: 12%0A- policy.yaml:9: c -> b: 11\n"
        "::notice file=src/a.go,line=4,title=ampcheck "
        "retry-without-jitter::a: no jitter\n"
        "::error file=deploy/bad.yaml,line=3,title=ampcheck input "
        "problem::malformed YAML: x\n");
}

}  // namespace
}  // namespace ampcheck
