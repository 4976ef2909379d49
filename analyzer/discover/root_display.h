// How the files of a scanned directory are named in every output: relative
// to it when it is the only input; prefixed by its name when there are
// several, or by the path as typed when two inputs share a name (a/deploy
// and b/deploy), so that paths never collide.
#ifndef AMPCHECK_DISCOVER_ROOT_DISPLAY_H_
#define AMPCHECK_DISCOVER_ROOT_DISPLAY_H_

#include <string>
#include <vector>

namespace ampcheck {

// The prefix of inputs[index]'s files ("" for a single input).
std::string RootDisplayPrefix(const std::vector<std::string>& inputs,
                              size_t index);

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_ROOT_DISPLAY_H_
