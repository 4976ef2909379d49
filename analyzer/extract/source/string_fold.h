// A URL assembled at run time from literals, folded to the string it builds:
// "http://" + "orders" + ":8080", String.format("http://%s:%d", "orders",
// 8080), fmt.Sprintf(...), "http://{}:{}".format("orders", 8080),
// string.Format("http://{0}", "orders").
#ifndef AMPCHECK_EXTRACT_SOURCE_STRING_FOLD_H_
#define AMPCHECK_EXTRACT_SOURCE_STRING_FOLD_H_

#include <optional>
#include <string>
#include <string_view>

namespace ampcheck {

// The string `expression` builds, when every part is a string or number
// literal; nullopt when a part is not (a variable, a call). A single literal
// folds to its content, interpolations included (`http://orders/${path}`).
std::optional<std::string> FoldStringExpression(std::string_view expression);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_STRING_FOLD_H_
