#include "analyzer/base/http_methods.h"

namespace ampcheck {

bool IdempotentMethod(std::string_view method) {
  return method != "POST" && method != "PATCH" && method != "CONNECT";
}

}  // namespace ampcheck
