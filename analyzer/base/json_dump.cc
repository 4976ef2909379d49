#include "analyzer/base/json_dump.h"

namespace ampcheck {

std::string DumpJson(const nlohmann::json& json, int indent) {
  return json.dump(indent, ' ', false,
                   nlohmann::json::error_handler_t::replace);
}

}  // namespace ampcheck
