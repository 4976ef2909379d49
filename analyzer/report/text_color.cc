#include "analyzer/report/text_color.h"

namespace ampcheck {

TextStyle SeverityStyle(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return TextStyle::kError;
    case Severity::kWarning:
      return TextStyle::kWarning;
    case Severity::kNote:
      return TextStyle::kNote;
  }
  return TextStyle::kWarning;
}

std::string Paint(TextStyle style, const std::string& text, bool color) {
  if (!color || text.empty()) return text;
  const char* sgr = "";
  switch (style) {
    case TextStyle::kError:
      sgr = "1;31";  // bold red
      break;
    case TextStyle::kWarning:
      sgr = "1;33";  // bold yellow
      break;
    case TextStyle::kNote:
      sgr = "1;36";  // bold cyan
      break;
    case TextStyle::kLocation:
      sgr = "1";  // bold
      break;
    case TextStyle::kFix:
      sgr = "1;32";  // bold green
      break;
    case TextStyle::kQuiet:
      sgr = "2";  // faint
      break;
  }
  return "\x1b[" + std::string(sgr) + "m" + text + "\x1b[0m";
}

}  // namespace ampcheck
