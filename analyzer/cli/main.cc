// ampcheck: retry amplification, multiplied along every call path.
#include "analyzer/base/allocator_options.h"
#include "analyzer/cli/commands.h"

#ifdef AMPCHECK_JEMALLOC
extern "C" {
const char* malloc_conf = ampcheck::kJemallocOptions;
}
#endif

int main(int argc, char** argv) { return ampcheck::RunCommandLine(argc, argv); }
