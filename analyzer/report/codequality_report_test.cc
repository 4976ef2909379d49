#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "analyzer/report/report_test_support.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

std::vector<std::string> Paths(const Analysis& analysis) {
  std::ostringstream out;
  MakeReporter("codequality")->Render(Model{}, analysis, {}, out);
  std::vector<std::string> paths;
  for (const auto& issue : nlohmann::json::parse(out.str())) {
    paths.push_back(
        issue["location"]["path"].get<std::string>() + ":" +
        std::to_string(issue["location"]["lines"]["begin"].get<int>()));
  }
  return paths;
}

TEST_CASE("codequality: a finding without a location is kept, never dropped") {
  Finding located;
  located.check = "missing-timeout";
  located.message = "a->b: no timeout";
  located.location = {"src/a.go", 4};
  Finding by_member;
  by_member.check = "implicit-mesh-retry";
  by_member.message = "Istio default: 3 tries; and 1 more call";
  by_member.affected = {WrittenEntry({"a", "b"}, {}, "a->b"),
                        WrittenEntry({"c", "d"}, {"deploy/c.yaml", 9}, "c->d")};
  Finding nowhere;
  nowhere.check = "retry-amplification";
  nowhere.message = "path a -> b: 9 tries";
  Analysis analysis;
  analysis.findings = {located, by_member, nowhere};
  CHECK(Paths(analysis) ==
        std::vector<std::string>{"src/a.go:4", "deploy/c.yaml:9", ".:1"});
}

}  // namespace
}  // namespace ampcheck
