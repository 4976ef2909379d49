// The call graph as inline SVG for the HTML inventory: services in columns
// by depth from the entries, edges labelled with their tries, the worst
// paths drawn in red.
#ifndef AMPCHECK_REPORT_INVENTORY_SVG_H_
#define AMPCHECK_REPORT_INVENTORY_SVG_H_

#include <ostream>
#include <string>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// Beyond this many services the picture keeps the ones with the largest
// products (the tables still list all).
inline constexpr size_t kMaxGraphServices = 300;

std::string HtmlEscape(const std::string& text);

void RenderCallGraphSvg(const Model& model, const Analysis& analysis,
                        std::ostream& out);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_INVENTORY_SVG_H_
