// ctest registers each doctest case by name, and CMake splits names at ';':
// a case whose name holds one would be run as fragments that match nothing
// (and pass without testing anything). Keep names free of it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "analyzer/base/regex.h"

namespace ampcheck {
namespace {

TEST_CASE("test case names have no semicolon (ctest would split them)") {
  namespace fs = std::filesystem;
  static const RE2 kTestCase(R"re(TEST_CASE\(\s*"((?:[^"\\]|\\.)*)")re");
  int cases = 0;
  for (const char* dir : {"analyzer", "tests"}) {
    for (const auto& entry : fs::recursive_directory_iterator(
             fs::path(AMPCHECK_SOURCE_DIR) / dir)) {
      std::string name = entry.path().filename().string();
      if (name.size() < 8 || name.substr(name.size() - 8) != "_test.cc")
        continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      std::string source = text.str();
      for (const RegexMatch& test_case : RegexFindAll(kTestCase, source)) {
        ++cases;
        INFO(entry.path().string() << ": " << test_case.groups[1]);
        CHECK(test_case.groups[1].find(';') == std::string::npos);
      }
    }
  }
  CHECK(cases > 50);
}

}  // namespace
}  // namespace ampcheck
