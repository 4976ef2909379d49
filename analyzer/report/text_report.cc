// Text for people: findings first (file:line: severity: message [check]),
// each with its arithmetic; then the worst paths; then what was assumed and
// what could not be read.
#include <algorithm>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/report/json_report.h"
#include "analyzer/report/reporter.h"

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

std::string Where(const Location& location) {
  std::string text = location.ToString();
  return text.empty() ? "" : text + ": ";
}

class TextReporter : public Reporter {
 public:
  void Render(const Model& model, const Analysis& analysis,
              const ReportOptions& options, std::ostream& out) const override {
    AnalysisContext context(model, analysis.graph);
    for (const Finding& f : analysis.findings) {
      out << Where(f.location) << SeverityName(f.severity) << ": " << f.message
          << " [" << f.check << "]\n";
      if (!f.arithmetic.empty()) out << "    " << f.arithmetic << "\n";
    }
    if (!analysis.findings.empty()) out << "\n";

    std::vector<int> order = PathOrder(model, analysis);
    size_t shown = options.max_paths == 0
                       ? order.size()
                       : std::min(order.size(), options.max_paths);
    if (shown > 0) {
      out << "worst path to each service (tries per entering request):\n";
      for (size_t i = 0; i < shown; ++i) {
        out << "  " << model.DisplayName(order[i]) << ": "
            << context.PathArithmetic(analysis.graph.PathTo(model, order[i]))
            << "\n";
      }
      if (shown < order.size()) {
        out << "  ... " << order.size() - shown
            << " more (--max-paths 0 lists all)\n";
      }
      out << "\n";
    }
    if (options.verbose) RenderCalls(model, context, out);

    out << "mesh membership:";
    int in_mesh = 0;
    for (const Service& s : model.services) in_mesh += s.in_mesh ? 1 : 0;
    out << " " << in_mesh << " of " << model.services.size()
        << " services run a sidecar or are gateways (Istio "
        << model.istio_version << ")\n";
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
      out << Where(d.location) << SeverityName(d.severity) << ": " << d.message
          << "\n";
    }
    int counts[3] = {0, 0, 0};
    for (const Finding& f : analysis.findings)
      ++counts[static_cast<int>(f.severity)];
    out << "\n"
        << model.files << " files, " << model.services.size() << " services, "
        << model.calls.size() << " calls: " << counts[2] << " errors, "
        << counts[1] << " warnings, " << counts[0] << " notes, "
        << model.diagnostics.size() << " input problems";
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

 private:
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
