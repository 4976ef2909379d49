// Slash-separated path arithmetic on strings, the same on a real and an
// in-memory file system.
#ifndef AMPCHECK_BASE_PATHS_H_
#define AMPCHECK_BASE_PATHS_H_

#include <string>

namespace ampcheck {

// The last component, trailing slashes ignored: "a/b/" -> "b".
std::string BaseName(const std::string& path);

// Everything before the last slash; "" when there is none.
std::string ParentPath(const std::string& path);

// `name` inside `dir`; an absolute or empty `name`, or an empty `dir`, gives
// `name` unchanged.
std::string JoinPath(const std::string& dir, const std::string& name);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_PATHS_H_
