// jemalloc's options for the binaries linked with it (the release ampcheck
// and its tests, whose benchmarks measure the same allocator). Each binary
// defines the symbol jemalloc reads at start-up, so that it is in the
// executable itself:
//   extern "C" { const char* malloc_conf = kJemallocOptions; }
// Huge pages for jemalloc's memory and its metadata: the page faults of
// fresh memory were a tenth of a 20,000-service cluster scan
// (docs/performance.md). MALLOC_CONF in the environment still overrides.
#ifndef AMPCHECK_BASE_ALLOCATOR_OPTIONS_H_
#define AMPCHECK_BASE_ALLOCATOR_OPTIONS_H_

namespace ampcheck {

inline constexpr char kJemallocOptions[] = "thp:always,metadata_thp:always";

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_ALLOCATOR_OPTIONS_H_
