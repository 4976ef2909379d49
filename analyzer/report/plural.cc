#include "analyzer/report/plural.h"

namespace ampcheck {

std::string Plural(size_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

}  // namespace ampcheck
