#include "analyzer/report/markdown_report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/report/json_report.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

const char* SeverityIcon(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return ":x:";
    case Severity::kWarning:
      return ":warning:";
    case Severity::kNote:
      return ":information_source:";
  }
  return ":warning:";
}

std::string Plural(size_t count, const std::string& word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

std::string Code(const std::string& text) { return "`" + text + "`"; }

Tries PathTries(const GraphAnalysis& graph, const std::vector<int>& calls) {
  Tries tries;
  for (int call : calls) tries = tries * graph.calls[call].tries;
  return tries;
}

// A path some finding names, with the findings that name it.
struct AffectedPath {
  std::vector<std::string> names;
  std::vector<int> calls;
  Tries tries;
  std::vector<const Finding*> findings;
};

std::string FindingLine(const Finding& f) {
  std::string line =
      "- " + std::string(SeverityIcon(f.severity)) + " " + Code(f.check);
  if (f.location.known()) line += " at " + Code(f.location.ToString());
  return line + ": " + MarkdownEscape(f.message) + "\n";
}

void RenderPath(const Model& model, const GraphAnalysis& graph,
                const AffectedPath& path, std::ostream& out) {
  out << "**" << MarkdownPathName(path.names) << ": " << path.tries.ToString()
      << " tries per request**";
  if (!path.calls.empty()) out << " = " << MarkdownFactors(model, path.calls);
  double bounded = 1;
  for (int call : path.calls) bounded *= graph.calls[call].bounded;
  bool lower = path.tries.unbounded()
                   ? !std::isinf(bounded)
                   : bounded + 1e-9 < static_cast<double>(path.tries.count());
  if (!path.calls.empty() && lower) {
    out << ", bounded to " << FormatFactor(bounded);
  }
  out << "\n\n";
  for (const Finding* f : path.findings) out << FindingLine(*f);
  out << "\n";
}

std::vector<AffectedPath> AffectedPaths(const Model& model,
                                        const Analysis& analysis,
                                        std::vector<const Finding*>* loose) {
  std::map<std::vector<std::string>, AffectedPath> by_names;
  for (const Finding& f : analysis.findings) {
    if (f.path.size() < 2) {
      loose->push_back(&f);
      continue;
    }
    AffectedPath& path = by_names[f.path];
    if (path.names.empty()) {
      path.names = f.path;
      path.calls = CallsAlong(model, f.path);
      path.tries = PathTries(analysis.graph, path.calls);
    }
    path.findings.push_back(&f);
  }
  std::vector<AffectedPath> paths;
  for (auto& [names, path] : by_names) {
    std::stable_sort(path.findings.begin(), path.findings.end(),
                     [](const Finding* a, const Finding* b) {
                       return a->severity > b->severity;
                     });
    paths.push_back(std::move(path));
  }
  // Worst first: most tries, then most severe finding, then by name (the
  // map's order, kept by the stable sort).
  std::stable_sort(paths.begin(), paths.end(),
                   [](const AffectedPath& a, const AffectedPath& b) {
                     if (a.tries > b.tries || b.tries > a.tries)
                       return a.tries > b.tries;
                     return a.findings[0]->severity > b.findings[0]->severity;
                   });
  return paths;
}

class MarkdownReporter : public Reporter {
 public:
  void Render(const Model& model, const Analysis& analysis,
              const ReportOptions&, std::ostream& out) const override {
    out << kMarkdownMarker << "\n";
    int counts[3] = {0, 0, 0};
    for (const Finding& f : analysis.findings)
      ++counts[static_cast<int>(f.severity)];
    std::vector<const Finding*> loose;
    std::vector<AffectedPath> paths = AffectedPaths(model, analysis, &loose);
    if (analysis.findings.empty()) {
      RenderAllClear(model, analysis, out);
    } else {
      std::vector<std::string> parts;
      if (counts[2]) parts.push_back(Plural(counts[2], "error"));
      if (counts[1]) parts.push_back(Plural(counts[1], "warning"));
      if (counts[0]) parts.push_back(Plural(counts[0], "note"));
      out << "### ampcheck: " << Join(parts, ", ");
      if (!paths.empty()) out << " on " << Plural(paths.size(), "path");
      out << "\n\n";
      size_t shown = std::min(paths.size(), kMarkdownShownPaths);
      for (size_t i = 0; i < shown; ++i)
        RenderPath(model, analysis.graph, paths[i], out);
      if (shown < paths.size()) {
        out << "<details><summary>" << Plural(paths.size() - shown, "more path")
            << "</summary>\n\n";
        for (size_t i = shown; i < paths.size(); ++i)
          RenderPath(model, analysis.graph, paths[i], out);
        out << "</details>\n\n";
      }
      if (!loose.empty()) {
        out << "**Other findings**\n\n";
        for (const Finding* f : loose) out << FindingLine(*f);
        out << "\n";
      }
      std::vector<int> calls;
      for (const AffectedPath& p : paths)
        calls.insert(calls.end(), p.calls.begin(), p.calls.end());
      if (!calls.empty())
        out << MermaidGraph(model, analysis.graph, calls) << "\n";
    }
    RenderFolded(model, analysis, out);
    out << "<sub>" << Plural(model.files, "file") << ", "
        << Plural(model.services.size(), "service") << ", "
        << Plural(model.calls.size(), "call") << "; Istio "
        << model.istio_version << " defaults; limit " << model.max_tries
        << " tries per request.</sub>\n";
  }

 private:
  static void RenderAllClear(const Model& model, const Analysis& analysis,
                             std::ostream& out) {
    out << "### ampcheck: no retry amplification found :white_check_mark:\n\n";
    std::vector<int> order = PathOrder(model, analysis);
    if (!order.empty()) {
      AnalysisContext context(model, analysis.graph);
      const Path worst = context.WorstPathTo(order[0]);
      out << "Worst path: " << MarkdownPathName(context.PathNames(worst.calls))
          << ", " << worst.tries.ToString()
          << " tries per request = " << MarkdownFactors(model, worst.calls)
          << ".\n\n";
    }
  }

  static void RenderFolded(const Model& model, const Analysis& analysis,
                           std::ostream& out) {
    if (!analysis.suppressed.empty()) {
      out << "<details><summary>"
          << Plural(analysis.suppressed.size(), "suppressed finding")
          << "</summary>\n\n";
      for (const auto& [f, s] : analysis.suppressed) {
        out << "- " << Code(f.check) << " " << MarkdownEscape(f.message) << ": "
            << MarkdownEscape(s.reason);
        if (s.location.known())
          out << " (" << Code(s.location.ToString()) << ")";
        out << "\n";
      }
      out << "\n</details>\n\n";
    }
    if (!model.diagnostics.empty()) {
      out << "<details><summary>"
          << Plural(model.diagnostics.size(), "input problem")
          << "</summary>\n\n";
      for (const Diagnostic& d : model.diagnostics) {
        out << "- " << SeverityIcon(d.severity) << " ";
        if (d.location.known()) out << Code(d.location.ToString()) << ": ";
        out << MarkdownEscape(d.message) << "\n";
      }
      out << "\n</details>\n\n";
    }
  }
};

}  // namespace

std::vector<int> CallsAlong(const Model& model,
                            const std::vector<std::string>& names) {
  std::map<std::pair<std::string, std::string>, int> by_names;
  for (size_t i = 0; i < model.calls.size(); ++i) {
    const Call& c = model.calls[i];
    by_names[{model.DisplayName(c.from), model.DisplayName(c.to)}] =
        static_cast<int>(i);
  }
  std::vector<int> calls;
  for (size_t i = 0; i + 1 < names.size(); ++i) {
    auto it = by_names.find({names[i], names[i + 1]});
    if (it == by_names.end()) return {};
    calls.push_back(it->second);
  }
  return calls;
}

std::string MarkdownFactors(const Model& model, const std::vector<int>& calls) {
  std::vector<std::string> factors;
  for (int call : calls) {
    for (const Layer& layer : model.calls[call].layers) {
      if (!layer.retries()) continue;
      // On a path of several calls, say which hop each factor is on.
      std::string hop = calls.size() < 2
                            ? ""
                            : " on " +
                                  model.DisplayName(model.calls[call].from) +
                                  "→" + model.DisplayName(model.calls[call].to);
      std::string factor = layer.tries.ToString() + " (" +
                           LayerKindName(layer.kind) + hop + ": " +
                           MarkdownEscape(layer.origin);
      if (layer.location.known())
        factor += ", " + Code(layer.location.ToString());
      factors.push_back(factor + ")");
    }
  }
  if (factors.empty()) return "1 (no retrying layer)";
  return Join(factors, " × ");
}

std::string MarkdownPathName(const std::vector<std::string>& names) {
  std::vector<std::string> coded;
  for (const std::string& name : names) coded.push_back(Code(name));
  return Join(coded, " → ");
}

std::string MermaidGraph(const Model& model, const GraphAnalysis& graph,
                         const std::vector<int>& calls) {
  std::set<int> unique(calls.begin(), calls.end());
  std::set<int> services;
  for (int call : unique) {
    services.insert(model.calls[call].from);
    services.insert(model.calls[call].to);
  }
  // Mermaid labels are quoted; a quote inside is written as #quot;.
  auto label = [](const std::string& text) {
    std::string out;
    for (char c : text)
      out += c == '"' ? std::string("#quot;") : std::string(1, c);
    return "\"" + out + "\"";
  };
  std::string text = "```mermaid\nflowchart LR\n";
  for (int s : services) {
    text +=
        "  s" + std::to_string(s) + "[" + label(model.DisplayName(s)) + "]\n";
  }
  for (int call : unique) {
    const Call& c = model.calls[call];
    text += "  s" + std::to_string(c.from) + " -->|" +
            label(graph.calls[call].tries.ToString() + " tries") + "| s" +
            std::to_string(c.to) + "\n";
  }
  return text + "```\n";
}

std::string MarkdownEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|' || c == '*' || c == '<' || c == '[' || c == ']' || c == '`' ||
        c == '\\')
      out += '\\';
    if (c == '\n') {
      out += ' ';
      continue;
    }
    out += c;
  }
  return out;
}

std::unique_ptr<Reporter> MakeMarkdownReporter() {
  return std::make_unique<MarkdownReporter>();
}

}  // namespace ampcheck
