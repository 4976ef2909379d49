#include "analyzer/report/inventory_svg.h"

#include <algorithm>
#include <set>

namespace ampcheck {
namespace {

constexpr int kColumnWidth = 230;
constexpr int kRowHeight = 56;
constexpr int kNodeWidth = 150;
constexpr int kNodeHeight = 30;
constexpr int kMargin = 20;

// The services drawn: all, or the kMaxGraphServices with the worst
// inbound product.
std::vector<bool> Shown(const Model& model, const Analysis& analysis) {
  size_t n = model.services.size();
  std::vector<bool> shown(n, n <= kMaxGraphServices);
  if (n <= kMaxGraphServices) return shown;
  std::vector<int> order(n);
  for (size_t s = 0; s < n; ++s) order[s] = static_cast<int>(s);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return analysis.graph.worst_paths[b].tries <
           analysis.graph.worst_paths[a].tries;
  });
  for (size_t i = 0; i < kMaxGraphServices; ++i) shown[order[i]] = true;
  return shown;
}

// Calls on the worst paths: every path over the limit, else the worst one.
std::set<int> HighlightedCalls(const Model& model, const Analysis& analysis) {
  std::set<int> calls;
  int worst = -1;
  for (size_t s = 0; s < model.services.size(); ++s) {
    const WorstPath& path = analysis.graph.worst_paths[s];
    if (path.last_call < 0) continue;
    if (worst < 0 || analysis.graph.worst_paths[worst].tries < path.tries)
      worst = static_cast<int>(s);
    if (path.tries.unbounded() || path.tries.count() > model.max_tries) {
      for (int call : analysis.graph.PathTo(model, static_cast<int>(s)))
        calls.insert(call);
    }
  }
  if (calls.empty() && worst >= 0 &&
      analysis.graph.worst_paths[worst].tries.retries()) {
    for (int call : analysis.graph.PathTo(model, worst)) calls.insert(call);
  }
  return calls;
}

}  // namespace

std::string HtmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

void RenderCallGraphSvg(const Model& model, const Analysis& analysis,
                        std::ostream& out) {
  size_t n = model.services.size();
  std::vector<bool> shown = Shown(model, analysis);
  // Column: the longest chain of calls (without back edges) reaching the
  // service, so callers stand left of their callees.
  std::vector<int> depth(n, 0);
  std::vector<std::vector<int>> outgoing(n);
  for (size_t i = 0; i < model.calls.size(); ++i) {
    if (!analysis.graph.back_edge[i])
      outgoing[model.calls[i].from].push_back(static_cast<int>(i));
  }
  for (int s : analysis.graph.topological_order) {
    for (int call : outgoing[s]) {
      int to = model.calls[call].to;
      depth[to] = std::max(depth[to], depth[s] + 1);
    }
  }
  std::vector<int> row(n, 0), rows_in_column;
  for (size_t s = 0; s < n; ++s) {
    if (!shown[s]) continue;
    if (rows_in_column.size() <= static_cast<size_t>(depth[s]))
      rows_in_column.resize(depth[s] + 1, 0);
    row[s] = rows_in_column[depth[s]]++;
  }
  int columns = static_cast<int>(rows_in_column.size());
  int rows = rows_in_column.empty() ? 0
                                    : *std::max_element(rows_in_column.begin(),
                                                        rows_in_column.end());
  int width = 2 * kMargin + std::max(1, columns) * kColumnWidth;
  int height = 2 * kMargin + std::max(1, rows) * kRowHeight + 30;
  auto x = [&](int s) { return kMargin + depth[s] * kColumnWidth; };
  auto y = [&](int s) { return kMargin + 30 + row[s] * kRowHeight; };

  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"call-graph\" width=\""
      << width << "\" height=\"" << height << "\" viewBox=\"0 0 " << width
      << " " << height << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" "
         "refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"9\" "
         "markerHeight=\"9\" orient=\"auto\">"
         "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker>"
         "<marker id=\"arrow-hot\" viewBox=\"0 0 10 10\" refX=\"10\" "
         "refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"9\" "
         "markerHeight=\"9\" orient=\"auto\">"
         "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c62828\"/></marker></defs>\n";
  size_t shown_count = std::count(shown.begin(), shown.end(), true);
  out << "<text x=\"" << kMargin << "\" y=\"" << kMargin + 4
      << "\" fill=\"#555\">" << shown_count << " of " << n
      << " services; red: worst paths; label: tries of the call</text>\n";
  std::set<int> hot = HighlightedCalls(model, analysis);
  // Edges under nodes; highlighted edges last so they are on top.
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < model.calls.size(); ++i) {
      const Call& call = model.calls[i];
      bool is_hot = hot.count(static_cast<int>(i)) > 0;
      if (is_hot != (pass == 1) || !shown[call.from] || !shown[call.to])
        continue;
      const Tries& tries = analysis.graph.calls[i].tries;
      int x1 = x(call.from) + kNodeWidth, y1 = y(call.from) + kNodeHeight / 2;
      int x2 = x(call.to), y2 = y(call.to) + kNodeHeight / 2;
      bool back = analysis.graph.back_edge[i];
      if (back || x2 <= x1) {  // cycle: loop around below the nodes
        x2 = x(call.to) + kNodeWidth / 2;
        y2 = y(call.to) + kNodeHeight;
      }
      int mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
      std::string color =
          is_hot ? "#c62828" : (tries.retries() ? "#555" : "#aaa");
      out << "<path class=\"edge" << (is_hot ? " hot" : "") << "\" d=\"M" << x1
          << "," << y1 << " C" << mx << "," << y1 << " " << mx << "," << y2
          << " " << x2 << "," << y2 << "\" fill=\"none\" stroke=\"" << color
          << "\" stroke-width=\"" << (is_hot ? 3 : 1.5) << "\""
          << (back ? " stroke-dasharray=\"5,4\"" : "") << " marker-end=\"url(#"
          << (is_hot ? "arrow-hot" : "arrow") << ")\"><title>"
          << HtmlEscape(model.DisplayName(call.from) + " -> " +
                        model.DisplayName(call.to) + ": " + tries.ToString() +
                        " tries")
          << "</title></path>\n";
      out << "<text x=\"" << mx << "\" y=\"" << my - 4
          << "\" text-anchor=\"middle\" fill=\"" << color << "\" font-weight=\""
          << (is_hot ? "bold" : "normal")
          << "\" paint-order=\"stroke\" stroke=\"#fff\" stroke-width=\"3\">x"
          << HtmlEscape(tries.ToString()) << "</text>\n";
    }
  }
  for (size_t s = 0; s < n; ++s) {
    if (!shown[s]) continue;
    const Service& service = model.services[s];
    const WorstPath& worst = analysis.graph.worst_paths[s];
    bool over =
        worst.tries.unbounded() || worst.tries.count() > model.max_tries;
    std::string label = service.display;
    if (label.size() > 20) label = label.substr(0, 19) + "~";
    out << "<g class=\"node\"><title>"
        << HtmlEscape(service.display + " (" + service.ns +
                      "): worst inbound " + worst.tries.ToString() + " tries")
        << "</title><rect x=\"" << x(s) << "\" y=\"" << y(s) << "\" width=\""
        << kNodeWidth << "\" height=\"" << kNodeHeight << "\" rx=\"6\" fill=\""
        << (over ? "#fde8e8" : "#eef") << "\" stroke=\""
        << (over ? "#c62828" : "#557") << "\"/><text x=\""
        << x(s) + kNodeWidth / 2 << "\" y=\"" << y(s) + 19
        << "\" text-anchor=\"middle\">" << HtmlEscape(label) << "</text></g>\n";
  }
  out << "</svg>";
}

}  // namespace ampcheck
