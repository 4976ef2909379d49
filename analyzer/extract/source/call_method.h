// The HTTP method of a call site and whether it sends an idempotency key,
// read from the code around it: what non-idempotent-retry needs to know
// about a call (docs/checks/non-idempotent-retry.md).
#ifndef AMPCHECK_EXTRACT_SOURCE_CALL_METHOD_H_
#define AMPCHECK_EXTRACT_SOURCE_CALL_METHOD_H_

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/base/line_index.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

// The method named in `text`, upper case, or "": an explicit method
// (http.MethodPost, HttpMethod.Post, method: "POST", NewRequest("POST", ...))
// or a verb-named call (.PostAsync(, requests.post(, axios.patch(,
// .postForObject(). With several, a method that is not idempotent wins: it is
// the one a retry can apply twice.
std::string MethodNamedIn(std::string_view text);

// The methods a declarative client declares in `text` (Feign
// @RequestLine("POST /x"), Spring @PostMapping, JAX-RS and Retrofit @POST),
// reduced as MethodNamedIn does; "" when none.
std::string DeclaredClientMethod(std::string_view text);

// Whether `text` sends an idempotency key (an Idempotency-Key or
// x-requestid header), case-insensitive.
bool SendsIdempotencyKey(std::string_view text);

// Sets method and idempotency_key on sites[first..] from the file's lines:
// the site's statement, else the only method its function names; a
// declarative client's from the file.
void AnnotateCallMethods(const LineIndex& lines, size_t first,
                         std::vector<CallSiteFact>* sites);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_CALL_METHOD_H_
