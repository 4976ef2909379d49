// ctest registers each doctest case by name, and CMake splits names at ';':
// a case whose name holds one would be run as fragments that match nothing
// (and pass without testing anything). Keep names free of it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace ampcheck {
namespace {

TEST_CASE("test case names have no semicolon (ctest would split them)") {
  namespace fs = std::filesystem;
  std::regex test_case(R"re(TEST_CASE\(\s*"((?:[^"\\]|\\.)*)")re");
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
      for (std::sregex_iterator it(source.begin(), source.end(), test_case),
           end;
           it != end; ++it) {
        ++cases;
        INFO(entry.path().string() << ": " << (*it)[1].str());
        CHECK((*it)[1].str().find(';') == std::string::npos);
      }
    }
  }
  CHECK(cases > 50);
}

}  // namespace
}  // namespace ampcheck
