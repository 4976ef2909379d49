// What each fuzz target does with one input (tests/fuzz/fuzz_target.cc runs
// it under libFuzzer; tests/fuzz_regressions_test.cc replays committed
// inputs through it), so that a crash found by fuzzing replays exactly.
#ifndef AMPCHECK_TESTS_FUZZ_FUZZ_ENTRY_H_
#define AMPCHECK_TESTS_FUZZ_FUZZ_ENTRY_H_

#include <string>
#include <string_view>
#include <vector>

namespace ampcheck {

// One input file: the path it is scanned as and its bytes.
struct FuzzCase {
  std::string path;
  std::string content;
};

struct FuzzOutcome {
  // What a user sees: "file:line: message", one a line.
  std::string diagnostics;
  // Properties that must hold on any input and did not ("the good fleet's
  // call was lost", "the json reporter threw ..."); a fuzzer aborts on one.
  std::vector<std::string> broken;
};

// The targets: manifests, policy, app_config, source, facts, rules,
// baseline, grpc_service_config, build_markers, nginx.
const std::vector<std::string>& FuzzTargetNames();

// The file a fuzzer's bytes stand for. Targets reading several kinds of file
// take the kind from the first byte (source: its language; app_config:
// YAML or properties; build_markers: which marker); the others scan all the
// bytes under one fixed name.
FuzzCase DecodeFuzzInput(const std::string& target, std::string_view bytes);

// The file a committed regression input stands for: its name, with "--" as
// a directory separator ("unclosed-parent--pom.xml" is
// unclosed-parent/pom.xml), so that one target can keep many pom.xml.
FuzzCase RegressionCase(const std::string& file_name, std::string content);

// Runs `target` on one input the way ampcheck reads that kind of file.
FuzzOutcome RunFuzzTarget(const std::string& target, const FuzzCase& input);

}  // namespace ampcheck

#endif  // AMPCHECK_TESTS_FUZZ_FUZZ_ENTRY_H_
