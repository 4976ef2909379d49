#include "analyzer/base/http_methods.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("http methods: RFC 9110 idempotency") {
  for (const char* method :
       {"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"})
    CHECK_MESSAGE(IdempotentMethod(method), method);
  for (const char* method : {"POST", "PATCH", "CONNECT"})
    CHECK_MESSAGE(!IdempotentMethod(method), method);
}

}  // namespace ampcheck
