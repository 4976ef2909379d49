#include "analyzer/extract/source/test_paths.h"

#include "analyzer/base/regex.h"

namespace ampcheck {

bool IsTestPath(const std::string& path) {
  static const RE2 kDirectory(
      R"((?i)(^|/)(test|tests|__tests__|__mocks__|spec|specs|testdata|testing|test-utils|e2e|it)/)");
  static const RE2 kFile(
      R"((_test\.go|Tests?\.(java|kt|cs)|IT\.java|Spec\.(kt|groovy)|(^|/)test_[^/]*\.py|_test\.py|(^|/)conftest\.py|\.(spec|test)\.(js|jsx|ts|tsx|mjs|cjs))$)");
  return RE2::PartialMatch(path, kDirectory) || RE2::PartialMatch(path, kFile);
}

}  // namespace ampcheck
