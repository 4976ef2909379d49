#include "analyzer/report/html_escape.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("html escape: the five special characters") {
  CHECK(HtmlEscape("a<b> & \"c\" 'd'") ==
        "a&lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;");
  CHECK(HtmlEscape("plain") == "plain");
}

TEST_CASE("html escape: JSON in a script element cannot close it") {
  CHECK(ScriptSafeJson(R"({"name":"</script><!--x"})") ==
        R"({"name":"\u003c/script>\u003c!--x"})");
  CHECK(ScriptSafeJson("[1,2]") == "[1,2]");
}

}  // namespace
}  // namespace ampcheck
