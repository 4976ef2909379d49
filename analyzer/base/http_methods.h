// HTTP method semantics shared by the readers that record methods and the
// check that reads them.
#ifndef AMPCHECK_BASE_HTTP_METHODS_H_
#define AMPCHECK_BASE_HTTP_METHODS_H_

#include <string_view>

namespace ampcheck {

// RFC 9110 section 9.2.2: GET, HEAD, OPTIONS, TRACE, PUT and DELETE are
// idempotent; of the methods it defines, POST, PATCH and CONNECT are not.
// `method` is upper case.
bool IdempotentMethod(std::string_view method);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_HTTP_METHODS_H_
