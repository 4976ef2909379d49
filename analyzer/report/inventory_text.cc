// The inventory as text: one block per service that retries or is retried,
// the sources no service was identified for, then the usual text report.
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/report/inventory.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

std::string PathText(const AnalysisContext& context,
                     const std::vector<int>& calls, const Tries& tries) {
  if (calls.empty()) return "none";
  std::string text =
      tries.ToString() + " tries: " + Join(context.PathNames(calls), " -> ");
  if (calls.size() > 1) text += " (" + context.PathProductText(calls) + ")";
  return text;
}

}  // namespace

void RenderInventoryText(const Model& model, const Analysis& analysis,
                         const Inventory& inventory, std::ostream& out) {
  AnalysisContext context(model, analysis.graph);
  int multi = ServicesWithMultiLayerCalls(inventory);
  out << "fleet inventory: " << model.services.size() << " services, " << multi
      << " with more than one retrying layer on a call\n\n";
  for (const ServiceInventory& e : inventory.services) {
    const Service& s = model.services[e.service];
    if (e.layers.empty() && e.worst_inbound.empty() && e.worst_outbound.empty())
      continue;  // nothing calls it and it calls nothing: no numbers to show
    out << s.display << " (namespace " << s.ns << ", "
        << (s.in_mesh ? "in mesh" : "not in mesh") << ")\n";
    if (!e.sources.empty())
      out << "  source: " << Join(e.sources, ", ") << "\n";
    for (const InventoryLayer& l : e.layers) {
      std::vector<std::string> calls;
      for (int call : l.calls) calls.push_back(context.CallName(call));
      std::string numbers = l.layer.timeout_only
                                ? "timeout, no retry"
                                : l.layer.tries.ToString() + " tries";
      out << "  layer " << LayerKindName(l.layer.kind) << " " << numbers << " ["
          << ProvenanceName(l.layer.provenance) << "] " << l.layer.Describe()
          << " on " << Join(calls, ", ") << "\n";
    }
    if (!e.multi_layer_calls.empty()) {
      std::vector<std::string> calls;
      for (int call : e.multi_layer_calls)
        calls.push_back(context.CallArithmetic(call));
      out << "  more than one retrying layer on " << e.multi_layer_calls.size()
          << " of " << e.outbound_calls << " outbound calls:\n    "
          << Join(calls, "\n    ") << "\n";
    }
    out << "  worst inbound: "
        << PathText(context, e.worst_inbound, e.inbound_tries) << "\n";
    out << "  worst outbound: "
        << PathText(context, e.worst_outbound, e.outbound_tries) << "\n";
    if (!e.missing_timeouts.empty()) {
      out << "  no timeout at any layer on calls to: "
          << Join(e.missing_timeouts, ", ") << "\n";
    }
  }
  if (!inventory.unidentified.empty()) {
    out << "\nsources no service was identified for (listed, not dropped):\n";
    for (const SourceSummary::Root& root : inventory.unidentified) {
      out << "  " << root.path << ": " << root.files << " files read, "
          << root.layer_facts << " retry layer(s) found";
      if (!root.build_markers.empty())
        out << " (build markers: " << Join(root.build_markers, "; ") << ")";
      out << "\n";
    }
  }
  if (!inventory.unattributed_layers.empty()) {
    out << "\nretry layers found but on no call of the graph:\n";
    for (const auto& [where, origin] : inventory.unattributed_layers)
      out << "  " << where.ToString() << ": " << origin << "\n";
  }
  out << "\n";
  // The inventory lists everything: no finding is folded into a count.
  ReportOptions options;
  options.severity = Severity::kNote;
  MakeTextReporter()->Render(model, analysis, options, out);
}

}  // namespace ampcheck
