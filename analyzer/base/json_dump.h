// The one way ampcheck writes JSON text. Every string in it is valid UTF-8:
// a byte sequence that is not (a Latin-1 YAML value, a file name) becomes
// U+FFFD instead of aborting the writer (nlohmann's type_error.316).
#ifndef AMPCHECK_BASE_JSON_DUMP_H_
#define AMPCHECK_BASE_JSON_DUMP_H_

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace ampcheck {

// `indent` as nlohmann's dump: -1 for one line, n for n spaces per level.
std::string DumpJson(const nlohmann::json& json, int indent = -1);
// The same, written straight to `out`: a cluster's report is tens of
// megabytes, not worth holding twice.
void WriteJson(std::ostream& out, const nlohmann::json& json, int indent = -1);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_JSON_DUMP_H_
