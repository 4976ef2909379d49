#include "analyzer/report/markdown_report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string_view>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/report/finding_order.h"
#include "analyzer/report/json_report.h"
#include "analyzer/report/mermaid_graph.h"
#include "analyzer/report/plural.h"
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

std::string Code(std::string_view text) {
  return (std::string("`") += text) += '`';
}

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

std::vector<AffectedPath> AffectedPaths(const CallsByNames& calls_by_names,
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
      path.calls = CallsAlong(calls_by_names, f.path);
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

// Text appended up to a size, the rest counted: the comment stays under
// GitHub's limit with the worst parts in it.
class Budget {
 public:
  explicit Budget(size_t room) : room_(room) {}
  // Appends `text` when it fits in what is left, keeping `keep` bytes free.
  bool Add(const std::string& text, std::string* out, size_t keep = 0) {
    if (text.size() + keep > room_) return false;
    room_ -= text.size();
    *out += text;
    return true;
  }
  size_t room() const { return room_; }

 private:
  size_t room_;
};

template <typename Write>
std::string Rendered(Write write) {
  std::ostringstream out;
  write(out);
  return out.str();
}

// Room kept for the line that counts what the limit left out.
constexpr size_t kOmittedLineRoom = 400;

class MarkdownReporter : public Reporter {
 public:
  void Render(const Model& model, const Analysis& analysis,
              const ReportOptions& options, std::ostream& out) const override {
    std::string header = std::string(kMarkdownMarker) + "\n";
    std::string footer = Rendered([&](std::ostream& o) {
      o << "<sub>" << Plural(model.files, "file") << ", "
        << Plural(model.services.size(), "service") << ", "
        << Plural(model.calls.size(), "call") << "; Istio "
        << model.istio_version << " defaults; limit " << model.max_tries
        << " tries per request.</sub>\n";
    });
    if (analysis.findings.empty()) {
      std::string clear = Rendered(
          [&](std::ostream& o) { RenderAllClear(model, analysis, o); });
      size_t used = header.size() + clear.size() + footer.size();
      out << header << clear
          << RenderFolded(model, analysis,
                          options.markdown_max_chars > used
                              ? options.markdown_max_chars - used
                              : 0)
          << footer;
      return;
    }
    int counts[3] = {0, 0, 0};
    for (const Finding& f : analysis.findings)
      ++counts[static_cast<int>(f.severity)];
    std::vector<const Finding*> loose;
    const CallsByNames calls_by_names = IndexCallsByNames(model);
    const AnalysisContext context(model, analysis.graph);
    std::vector<AffectedPath> paths =
        AffectedPaths(calls_by_names, analysis, &loose);
    std::vector<std::string> parts;
    if (counts[2]) parts.push_back(Plural(counts[2], "error"));
    if (counts[1]) parts.push_back(Plural(counts[1], "warning"));
    if (counts[0]) parts.push_back(Plural(counts[0], "note"));
    header += "### ampcheck: " + Join(parts, ", ");
    if (!paths.empty()) header += " on " + Plural(paths.size(), "path");
    header += "\n\n";
    // The paths' own calls, worst first; then the calls their findings
    // affect as one cause, so the graph shows how far a cause reaches.
    std::vector<int> calls;
    for (const AffectedPath& p : paths)
      calls.insert(calls.end(), p.calls.begin(), p.calls.end());
    for (const AffectedPath& p : paths) {
      for (const Finding* f : p.findings) {
        for (const Affected& a : f->affected) {
          const std::vector<std::string> names = context.PathNamesOf(a);
          if (names.size() < 2 || names == p.names) continue;
          std::vector<int> along = CallsAlong(calls_by_names, names);
          calls.insert(calls.end(), along.begin(), along.end());
        }
      }
    }
    std::string graph =
        calls.empty() ? "" : MermaidGraph(model, analysis.graph, calls) + "\n";

    size_t fixed =
        header.size() + graph.size() + footer.size() + kOmittedLineRoom;
    Budget budget(options.markdown_max_chars > fixed
                      ? options.markdown_max_chars - fixed
                      : 0);
    std::string body;
    const std::string close = "</details>\n\n";
    size_t omitted_paths = 0, omitted_findings = 0;
    size_t shown = std::min(paths.size(), kMarkdownShownPaths);
    bool folded = false;
    for (size_t i = 0; i < paths.size(); ++i) {
      std::string block = Rendered([&](std::ostream& o) {
        RenderPath(model, analysis.graph, paths[i], o);
      });
      if (i == shown && omitted_paths == 0) {
        std::string open = "<details><summary>" +
                           Plural(paths.size() - shown, "more path") +
                           "</summary>\n\n";
        folded = budget.Add(open, &body, close.size() + block.size());
      }
      // Worst first: once one does not fit, neither does the rest.
      bool fits = omitted_paths == 0 && (i < shown || folded) &&
                  budget.Add(block, &body, folded ? close.size() : 0);
      if (!fits) {
        ++omitted_paths;
        omitted_findings += paths[i].findings.size();
      }
    }
    if (folded) body += close;
    std::sort(
        loose.begin(), loose.end(),
        [](const Finding* a, const Finding* b) { return WorseFirst(*a, *b); });
    if (!loose.empty()) {
      std::string title = "**Other findings**\n\n";
      bool titled = false;
      for (const Finding* f : loose) {
        std::string line = FindingLine(*f);
        if (!titled) titled = budget.Add(title, &body, line.size() + 1);
        if (!titled || !budget.Add(line, &body, 1)) ++omitted_findings;
      }
      if (titled) body += "\n";
    }
    std::string folded_lists = RenderFolded(model, analysis, budget.room());
    out << header << body;
    if (omitted_paths + omitted_findings > 0) {
      out << "**Not shown: " << Plural(omitted_paths, "more path") << ", "
          << Plural(omitted_findings, "more finding") << "** (this comment "
          << "keeps the worst within " << options.markdown_max_chars
          << " characters; `ampcheck scan --format json` lists every "
             "finding).\n\n";
    }
    out << graph << folded_lists << footer;
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

  // The suppressed findings and input problems, folded, each list cut to
  // what fits in `room` bytes with the rest counted.
  static std::string RenderFolded(const Model& model, const Analysis& analysis,
                                  size_t room) {
    std::vector<std::string> suppressed, problems;
    for (const auto& [f, s] : analysis.suppressed) {
      std::string line = "- " + Code(f.check) + " " +
                         MarkdownEscape(f.message) + ": " +
                         MarkdownEscape(s.reason);
      if (s.location.known()) line += " (" + Code(s.location.ToString()) + ")";
      suppressed.push_back(line + "\n");
    }
    for (const Diagnostic& d : model.diagnostics) {
      std::string line = "- " + std::string(SeverityIcon(d.severity)) + " ";
      if (d.location.known()) line += Code(d.location.ToString()) + ": ";
      problems.push_back(line + MarkdownEscape(d.message) + "\n");
    }
    Budget budget(room);
    std::string out;
    FoldedList(suppressed, "suppressed finding", &budget, &out);
    FoldedList(problems, "input problem", &budget, &out);
    return out;
  }

  static void FoldedList(const std::vector<std::string>& lines,
                         const std::string& noun, Budget* budget,
                         std::string* out) {
    if (lines.empty()) return;
    const std::string open =
        "<details><summary>" + Plural(lines.size(), noun) + "</summary>\n\n";
    const std::string close = "\n</details>\n\n";
    constexpr size_t kCountLine = 64;  // "- ... 12345 more not shown"
    if (!budget->Add(open, out, close.size() + kCountLine)) return;
    size_t left = lines.size();
    for (const std::string& line : lines) {
      if (!budget->Add(line, out, close.size() + kCountLine)) break;
      --left;
    }
    if (left > 0) *out += "- ... " + std::to_string(left) + " more not shown\n";
    *out += close;
  }
};

}  // namespace

CallsByNames IndexCallsByNames(const Model& model) {
  CallsByNames by_names;
  for (size_t i = 0; i < model.calls.size(); ++i) {
    const Call& c = model.calls[i];
    by_names[{model.DisplayName(c.from), model.DisplayName(c.to)}] =
        static_cast<int>(i);
  }
  return by_names;
}

std::vector<int> CallsAlong(const Model& model,
                            const std::vector<std::string>& names) {
  return CallsAlong(IndexCallsByNames(model), names);
}

std::vector<int> CallsAlong(const CallsByNames& by_names,
                            const std::vector<std::string>& names) {
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
