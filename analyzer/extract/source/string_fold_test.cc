#include "analyzer/extract/source/string_fold.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("string fold: literals and concatenations of literals") {
  CHECK(FoldStringExpression("\"http://orders:8080\"") == "http://orders:8080");
  CHECK(FoldStringExpression("'http://x'") == "http://x");
  CHECK(FoldStringExpression("`http://x`") == "http://x");
  CHECK(FoldStringExpression("@\"http://x\"") == "http://x");
  CHECK(FoldStringExpression("\"http://\" + \"orders\" + \":8080\"") ==
        "http://orders:8080");
  CHECK(FoldStringExpression("\"http://\" + (\"orders\" + \":\") + 8080") ==
        "http://orders:8080");
  CHECK_FALSE(FoldStringExpression("\"http://\" + host + \":8080\""));
  // One interpolating literal keeps its text; inside a concatenation it
  // does not fold.
  CHECK(FoldStringExpression("`http://orders/${path}`") ==
        "http://orders/${path}");
  CHECK_FALSE(FoldStringExpression("f\"http://{host}\" + \":8080\""));
}

TEST_CASE("string fold: format calls with literal arguments") {
  CHECK(FoldStringExpression(
            "String.format(\"http://%s:%d\", \"orders\", 8080)") ==
        "http://orders:8080");
  CHECK(FoldStringExpression("fmt.Sprintf(\"http://%s:%d/v1\", \"orders\", "
                             "8080)") == "http://orders:8080/v1");
  CHECK(FoldStringExpression("\"http://{}:{}\".format(\"orders\", 8080)") ==
        "http://orders:8080");
  CHECK(FoldStringExpression("string.Format(\"http://{0}:{1}\", \"orders\", "
                             "80)") == "http://orders:80");
  CHECK(FoldStringExpression("\"http://%s:8080\" % \"orders\"") ==
        "http://orders:8080");
  CHECK_FALSE(FoldStringExpression("String.format(\"http://%s\", host)"));
  CHECK_FALSE(FoldStringExpression("fmt.Sprintf(\"http://%s:%s\", \"a\")"));
  CHECK_FALSE(FoldStringExpression("url"));
}

}  // namespace
}  // namespace ampcheck
