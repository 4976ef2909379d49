// Colour in the text report: ANSI SGR sequences around the words a reader
// scans for (severity, location, the fix), and nothing at all when colour is
// off. Whether it is on is the command line's to decide (--color).
#ifndef AMPCHECK_REPORT_TEXT_COLOR_H_
#define AMPCHECK_REPORT_TEXT_COLOR_H_

#include <string>

#include "analyzer/facts/facts.h"

namespace ampcheck {

enum class TextStyle { kError, kWarning, kNote, kLocation, kFix, kQuiet };

// The style a severity's word is printed in.
TextStyle SeverityStyle(Severity severity);

// `text` in `style` when `color`, else `text` unchanged.
std::string Paint(TextStyle style, const std::string& text, bool color);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_TEXT_COLOR_H_
