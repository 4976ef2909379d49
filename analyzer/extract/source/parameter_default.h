// A value passed through a wrapper's parameter: `def get_json(url,
// timeout=5): requests.get(url, timeout=timeout)` sets 5 s unless a caller
// passes another. The captured identifier is looked up among the parameters
// of the functions around it, innermost first.
#ifndef AMPCHECK_EXTRACT_SOURCE_PARAMETER_DEFAULT_H_
#define AMPCHECK_EXTRACT_SOURCE_PARAMETER_DEFAULT_H_

#include <tree_sitter/api.h>

#include <optional>
#include <string>
#include <string_view>

namespace ampcheck {

// The default's source text when `identifier` names a parameter that has
// one (Python `timeout=5`, JS/TS `timeout = 500`, Kotlin `timeout: Long =
// 500`, C# `int timeout = 500`); nullopt when it is no parameter, or one
// without a default.
std::optional<std::string> ParameterDefault(TSNode identifier,
                                            std::string_view source);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_PARAMETER_DEFAULT_H_
