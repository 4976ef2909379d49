// Seeded random fleets for property tests: services in an Istio mesh calling
// each other by env URL (calls go from earlier to later services, so there
// is no cycle), each service's VirtualService retrying or absent (the Istio
// default), rendered as manifest files into a MemoryFileSystem.
#ifndef AMPCHECK_TESTS_FLEET_GENERATOR_H_
#define AMPCHECK_TESTS_FLEET_GENERATOR_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "analyzer/discover/file_system.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

struct GeneratedService {
  std::string name;
  std::vector<int> calls;  // indexes of the services it calls
  int attempts = -1;       // VirtualService retries.attempts; -1: none
};

struct GeneratedFleet {
  uint64_t seed = 0;
  std::vector<GeneratedService> services;
  // Policy layers: (caller, callee, tries) of a declared client layer.
  struct ExtraLayer {
    int from, to, tries;
  };
  std::vector<ExtraLayer> extra_layers;
};

GeneratedFleet GenerateFleet(uint64_t seed);

// How a fleet is written out; none of these should change a result but
// the names.
struct RenderChoices {
  std::string ns = "shop";
  std::string suffix;          // appended to every service name
  bool reverse_files = false;  // file names sort the other way round
  bool reverse_documents = false;
  bool split_files = false;  // a service's documents in two files
};

// Writes the fleet under `root` (one directory) in `fs`.
void WriteFleet(const GeneratedFleet& fleet, const RenderChoices& choices,
                const std::string& root, MemoryFileSystem* fs);

// The policy file (.ampcheck.yaml) declaring the fleet's extra layers under
// `ns`, "" when there are none.
std::string PolicyFor(const GeneratedFleet& fleet, const std::string& ns,
                      const std::string& suffix);

// The synthetic graph of bench/graph_bench.sh as facts (no files): N
// services "svc-<i>" in eight tiers (a fleet's depth: edge, BFF, domain, ...,
// data), each calling `calls_each` services of the next tier through env URLs
// (one call in a hundred goes back a tier, so there are cycles), in one
// injected namespace.
std::vector<FileFacts> SyntheticGraphFleet(int services, int calls_each);

}  // namespace ampcheck

#endif  // AMPCHECK_TESTS_FLEET_GENERATOR_H_
