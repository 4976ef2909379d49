#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "analyzer/base/allocator_options.h"

#if AMPCHECK_BINARY_USES_JEMALLOC
// The release binary's allocator options (analyzer/base/allocator_options.h).
extern "C" {
const char* malloc_conf = ampcheck::kJemallocOptions;
}
#endif
