#include "analyzer/base/json_dump.h"

#include <algorithm>

namespace ampcheck {

std::string DumpJson(const nlohmann::json& json, int indent) {
  return json.dump(indent, ' ', false,
                   nlohmann::json::error_handler_t::replace);
}

void WriteJson(std::ostream& out, const nlohmann::json& json, int indent) {
  nlohmann::detail::serializer<nlohmann::json> serializer(
      nlohmann::detail::output_adapter<char>(out), ' ',
      nlohmann::json::error_handler_t::replace);
  serializer.dump(json, indent >= 0, false,
                  static_cast<unsigned int>(std::max(indent, 0)));
}

}  // namespace ampcheck
