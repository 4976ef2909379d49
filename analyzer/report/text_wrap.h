// Long report lines folded to the terminal's width, so that a finding reads
// without scrolling sideways.
#ifndef AMPCHECK_REPORT_TEXT_WRAP_H_
#define AMPCHECK_REPORT_TEXT_WRAP_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace ampcheck {

// Columns `text` takes on a terminal: a UTF-8 character takes one, an ANSI
// escape sequence (colour) none.
size_t DisplayWidth(std::string_view text);

// Each line of `text` folded at spaces to at most `width` columns; a
// continuation is indented two columns more than the line it continues. A
// word wider than the room left (a URL, a long path) is kept whole on a line
// of its own rather than cut. Width 0 leaves the text as it is.
std::string WrapLines(std::string_view text, size_t width);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_TEXT_WRAP_H_
