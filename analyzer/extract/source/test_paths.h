// Test code does not run in production: its retries do not count.
#ifndef AMPCHECK_EXTRACT_SOURCE_TEST_PATHS_H_
#define AMPCHECK_EXTRACT_SOURCE_TEST_PATHS_H_

#include <string>

namespace ampcheck {

// True for files under test/, tests/, __tests__/, spec/, testdata/,
// src/test/, and for *_test.go, *Test.java, *Tests.cs, test_*.py,
// *_test.py, *.spec.ts, *.test.js and the like.
bool IsTestPath(const std::string& path);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_TEST_PATHS_H_
