// How the files of a scanned input are named in every output: as the user
// typed the input, so that a printed path opens from the directory ampcheck
// ran in, as ripgrep prints them. `scan fixtures/fleet` names
// "fixtures/fleet/k8s/a.yaml", `scan .` names "k8s/a.yaml", `scan ../b`
// names "../b/k8s/a.yaml". Distinct inputs give distinct names, and an input
// inside another names its files as the outer one does.
#ifndef AMPCHECK_DISCOVER_ROOT_DISPLAY_H_
#define AMPCHECK_DISCOVER_ROOT_DISPLAY_H_

#include <string>

namespace ampcheck {

// The name an input's files are printed under ("" for the current
// directory), lexically normal, without a trailing '/'. An absolute input
// prints relative to `working_directory` (absolute, "" when unknown) when it
// lies inside it, else as the absolute path.
std::string DisplayPrefix(const std::string& input,
                          const std::string& working_directory);

// The directory ampcheck runs in, absolute; "" when it cannot be told.
std::string WorkingDirectory();

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_ROOT_DISPLAY_H_
