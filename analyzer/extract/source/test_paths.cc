#include "analyzer/extract/source/test_paths.h"

#include <regex>

#include "analyzer/base/strings.h"

namespace ampcheck {

bool IsTestPath(const std::string& path) {
  static const std::regex kDirectory(
      R"((^|/)(test|tests|__tests__|__mocks__|spec|specs|testdata|testing|test-utils|e2e|it)/)",
      std::regex::icase);
  static const std::regex kFile(
      R"((_test\.go|Tests?\.(java|kt|cs)|IT\.java|Spec\.(kt|groovy)|(^|/)test_[^/]*\.py|_test\.py|(^|/)conftest\.py|\.(spec|test)\.(js|jsx|ts|tsx|mjs|cjs))$)");
  return std::regex_search(path, kDirectory) || std::regex_search(path, kFile);
}

}  // namespace ampcheck
