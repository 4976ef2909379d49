// ampcheck: retry amplification, multiplied along every call path.
#include "analyzer/cli/commands.h"

#ifdef AMPCHECK_JEMALLOC
// jemalloc reads its options from this symbol at start-up (MALLOC_CONF in
// the environment still overrides): huge pages for its memory and its own
// metadata, since page faults of fresh memory were a tenth of a cluster scan.
extern "C" {
const char* malloc_conf = "thp:always,metadata_thp:always";
}
#endif

int main(int argc, char** argv) { return ampcheck::RunCommandLine(argc, argv); }
