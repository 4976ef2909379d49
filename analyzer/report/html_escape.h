// Text made safe for an HTML page: as element text or attribute value, and
// as JSON inside a <script> element.
#ifndef AMPCHECK_REPORT_HTML_ESCAPE_H_
#define AMPCHECK_REPORT_HTML_ESCAPE_H_

#include <string>

namespace ampcheck {

// &, <, >, " and ' as character references.
std::string HtmlEscape(const std::string& text);

// `json` (JSON text) with every < written as \u003c, so that no "</script"
// or "<!--" in a string can end or confuse the element holding it.
std::string ScriptSafeJson(const std::string& json);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_HTML_ESCAPE_H_
