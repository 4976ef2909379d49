// Text for people, worst first (finding_order.h): each finding
// (file:line: severity: message [check]) with its arithmetic and what to
// change, the findings below the shown severity counted in one line; then the
// worst paths; then what was assumed and what could not be read. Folded to
// the width and coloured as the options say.
#include <algorithm>
#include <map>
#include <sstream>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/report/check_help.h"
#include "analyzer/report/finding_order.h"
#include "analyzer/report/json_report.h"
#include "analyzer/report/plural.h"
#include "analyzer/report/reporter.h"
#include "analyzer/report/text_color.h"
#include "analyzer/report/text_wrap.h"

namespace ampcheck {
namespace {

// "call sites: 4 resolved, 2 outside the inputs, 1 unresolved; layers: ...":
// what became of every call site and application layer, when there are any.
std::string ResolveSummary(const ResolveCounts& n) {
  std::string out;
  if (n.call_sites_resolved + n.call_sites_external + n.call_sites_unresolved >
      0) {
    out += "call sites: " + std::to_string(n.call_sites_resolved) +
           " resolved, " + std::to_string(n.call_sites_external) +
           " outside the inputs, " + std::to_string(n.call_sites_unresolved) +
           " unresolved\n";
  }
  if (n.env_from_unread > 0) {
    out += "shared envFrom entries not read by their workload's source: " +
           std::to_string(n.env_from_unread) + " (no call)\n";
  }
  int layers = n.layers_targeted + n.layers_bound + n.layers_assumed +
               n.layers_no_edge + n.layers_no_call + n.layers_merged;
  if (layers > 0) {
    out += "application layers: " + std::to_string(n.layers_targeted) +
           " on their target, " + std::to_string(n.layers_bound) +
           " on the calls in their scope, " + std::to_string(n.layers_assumed) +
           " assumed on every outbound call, " +
           std::to_string(n.layers_no_edge) + " on no service call, " +
           std::to_string(n.layers_no_call) + " on no known call, " +
           std::to_string(n.layers_merged) + " overloads counted once\n";
  }
  return out;
}

std::string Where(const Location& location, bool color) {
  std::string text = location.ToString();
  return text.empty() ? ""
                      : Paint(TextStyle::kLocation, text + ":", color) + " ";
}

std::string SeverityWord(Severity severity, bool color) {
  return Paint(SeverityStyle(severity), SeverityName(severity), color);
}

// The lowest severity listed: --severity, else warning, or note with -v.
Severity ShownSeverity(const ReportOptions& options) {
  if (options.severity) return *options.severity;
  return options.verbose ? Severity::kNote : Severity::kWarning;
}

// "and 4 notes; -v or --severity note to show them": the findings below the
// shown severity, counted, with the option that lists them.
std::string FoldedLine(const int counts[3], Severity shown, bool listed_any,
                       bool severity_given) {
  std::vector<std::string> parts;
  int hidden = 0;
  Severity lowest = shown;
  for (int s = static_cast<int>(shown) - 1; s >= 0; --s) {
    if (counts[s] == 0) continue;
    hidden += counts[s];
    lowest = static_cast<Severity>(s);
  }
  if (hidden == 0) return "";
  if (counts[1] > 0 && shown == Severity::kError)
    parts.push_back(Plural(counts[1], "warning"));
  if (counts[0] > 0) parts.push_back(Plural(counts[0], "note"));
  std::string how = "--severity " + std::string(SeverityName(lowest));
  if (lowest == Severity::kNote && !severity_given) how = "-v or " + how;
  return std::string(listed_any ? "and " : "") + Join(parts, ", ") + "; " +
         how + " to show " + (hidden == 1 ? "it" : "them") + "\n";
}

// "4 of 4 services run a sidecar or are gateways (Istio 1.31)"; a fleet
// with other meshes names each with its count, so that a Linkerd fleet is
// not said to run Istio sidecars.
std::string MeshMembershipLine(const Model& model) {
  int in_mesh = 0;
  std::map<std::string, int> by_mesh;
  for (const Service& s : model.services) {
    if (!s.in_mesh) continue;
    ++in_mesh;
    ++by_mesh[s.mesh.empty() ? "istio" : s.mesh];
  }
  std::string counts = std::to_string(in_mesh) + " of " +
                       std::to_string(model.services.size()) + " services ";
  if (by_mesh.empty() || (by_mesh.size() == 1 && by_mesh.count("istio")))
    return counts + "run a sidecar or are gateways (Istio " +
           model.istio_version + ")";
  std::vector<std::string> parts;
  for (const auto& [mesh, count] : by_mesh) {
    std::string name = mesh == "istio"
                           ? "Istio " + model.istio_version + " sidecar"
                       : mesh == "istio-ambient" ? "Istio ambient"
                       : mesh == "linkerd"       ? "Linkerd"
                       : mesh == "kuma"          ? "Kuma"
                                                 : mesh;
    parts.push_back(name + " " + std::to_string(count));
  }
  return counts + "are in a mesh or are gateways (" + Join(parts, ", ") + ")";
}

// Calls or paths of one cause listed under it without -v.
constexpr size_t kAffectedShown = 5;

// One finding: its line, its arithmetic, and what to change with the docs
// page that says more.
void RenderFinding(const AnalysisContext& context, const Finding& f,
                   const ReportOptions& options, std::ostream& out) {
  bool color = options.color;
  out << Where(f.location, color) << SeverityWord(f.severity, color) << ": "
      << f.message << " "
      << Paint(TextStyle::kQuiet, "[" + std::string(f.check) + "]", color)
      << "\n";
  if (!f.arithmetic.empty()) out << "    " << f.arithmetic << "\n";
  if (f.affected.size() > 1) {
    // The cause's calls or paths, worst first: a few, or all with -v.
    const size_t shown = options.verbose
                             ? f.affected.size()
                             : std::min(f.affected.size(), kAffectedShown);
    out << "    affects " << Plural(f.affected.size(), f.unit)
        << ", worst first:\n";
    for (size_t i = 0; i < shown; ++i) {
      const Affected& a = f.affected[i];
      out << "      " << a.location.ToString() << ": "
          << context.Spelled(a).message << "\n";
    }
    if (shown < f.affected.size())
      out << "      and " << f.affected.size() - shown
          << " more; -v or --format json lists them\n";
  }
  std::string fix = CheckFix(f.check);
  if (!fix.empty()) {
    out << "    " << Paint(TextStyle::kFix, "fix:", color) << " " << fix
        << " See " << CheckDocsUrl(options.sarif.help_base, f.check) << "\n";
  }
}

class TextReporter : public Reporter {
 public:
  void Render(const Model& model, const Analysis& analysis,
              const ReportOptions& options, std::ostream& out) const override {
    std::ostringstream text;
    RenderUnwrapped(model, analysis, options, text);
    out << WrapLines(text.str(), options.width);
  }

 private:
  static void RenderUnwrapped(const Model& model, const Analysis& analysis,
                              const ReportOptions& options, std::ostream& out) {
    AnalysisContext context(model, analysis.graph);
    int counts[3] = {0, 0, 0};
    for (const Finding& f : analysis.findings)
      ++counts[static_cast<int>(f.severity)];
    Severity listed = ShownSeverity(options);
    bool listed_any = false;
    for (const Finding* f : WorstFirst(analysis.findings, listed)) {
      RenderFinding(context, *f, options, out);
      out << "\n";
      listed_any = true;
    }
    std::string folded =
        FoldedLine(counts, listed, listed_any, options.severity.has_value());
    if (!folded.empty()) out << folded << "\n";

    std::vector<int> order = PathOrder(model, analysis);
    size_t shown = options.max_paths == 0
                       ? order.size()
                       : std::min(order.size(), options.max_paths);
    if (shown > 0) {
      out << "worst path to each service (tries per entering request):\n";
      for (size_t i = 0; i < shown; ++i) {
        out << "  " << model.DisplayName(order[i]) << ": "
            << context.PathArithmetic(analysis.graph.PathTo(order[i])) << "\n";
      }
      if (shown < order.size()) {
        out << "  ... " << order.size() - shown
            << " more (--max-paths 0 lists all)\n";
      }
      out << "\n";
    }
    if (options.verbose) RenderCalls(model, context, out);

    out << "mesh membership: " << MeshMembershipLine(model) << "\n";
    for (const std::string& a : model.assumptions)
      out << "  assumed: " << a << "\n";
    out << "policy: "
        << (model.policy_file.empty() ? "none (no .ampcheck.yaml found)"
                                      : model.policy_file)
        << "\n";
    if (options.verbose) {
      for (const Service& s : model.services) {
        out << "  " << s.display << ": "
            << (s.in_mesh ? "in mesh" : "not in mesh") << " (" << s.membership
            << ")\n";
      }
    }
    for (const auto& [f, s] : analysis.suppressed) {
      out << "suppressed: " << f.check << " " << Join(f.path, " -> ") << " ("
          << s.reason << ", " << s.location.ToString() << ")\n";
    }
    bool any_external = false;
    for (const Service& s : model.services) {
      if (!s.external) continue;
      if (!any_external) out << "\nnot in the inputs:\n";
      any_external = true;
      out << "  " << s.display << ": " << s.external_reason;
      if (s.tcp_only) out << "; " << s.protocol_evidence;
      out << "\n";
    }
    if (!model.diagnostics.empty()) out << "\ninput problems:\n";
    for (const Diagnostic& d : model.diagnostics) {
      out << Where(d.location, options.color)
          << SeverityWord(d.severity, options.color) << ": " << d.message
          << "\n";
    }
    out << "\n"
        << Plural(model.files, "file") << ", "
        << Plural(model.services.size(), "service") << ", "
        << Plural(model.calls.size(), "call") << ": "
        << Plural(analysis.findings.size(), "finding") << " ("
        << Plural(counts[2], "error") << ", " << Plural(counts[1], "warning")
        << ", " << Plural(counts[0], "note") << "), "
        << Plural(model.diagnostics.size(), "input problem");
    if (model.skipped_documents > 0) {
      out << "; " << model.skipped_documents
          << (model.skipped_documents == 1
                  ? " YAML document was not a manifest"
                  : " YAML documents were not manifests");
    }
    for (const auto& [reason, count] : model.skipped_files) {
      out << "; " << count << " " << reason << " skipped";
    }
    out << "\n" << ResolveSummary(model.counts);
  }

  static void RenderCalls(const Model& model, const AnalysisContext& context,
                          std::ostream& out) {
    out << "calls:\n";
    for (size_t i = 0; i < model.calls.size(); ++i) {
      const Call& call = model.calls[i];
      out << "  " << context.CallArithmetic(static_cast<int>(i)) << "\n";
      for (const Layer& layer : call.layers) {
        out << "    layer " << LayerKindName(layer.kind) << " "
            << layer.tries.ToString() << " tries ["
            << ProvenanceName(layer.provenance) << "] " << layer.detail;
        if (layer.location.known())
          out << " (" << layer.location.ToString() << ")";
        out << "\n";
        for (const Evidence& e : layer.evidence) {
          out << "      " << e.detail << " (" << e.location.ToString() << ")\n";
        }
      }
      for (const Evidence& e : call.evidence) {
        out << "    seen: " << e.detail << " (" << e.location.ToString()
            << ")\n";
      }
      for (const std::string& note : call.notes)
        out << "    note: " << note << "\n";
    }
    out << "\n";
  }
};

}  // namespace

std::unique_ptr<Reporter> MakeTextReporter() {
  return std::make_unique<TextReporter>();
}

}  // namespace ampcheck
