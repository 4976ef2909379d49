// The inventory as CSV (RFC 4180), one row per service, then one row per
// source nothing in the graph comes from and per retry layer on no call.
#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"
#include "analyzer/report/inventory.h"

namespace ampcheck {
namespace {

std::string Field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

void Row(std::ostream& out, const std::vector<std::string>& fields) {
  for (size_t i = 0; i < fields.size(); ++i)
    out << (i ? "," : "") << Field(fields[i]);
  out << "\r\n";
}

// "client 3 tries: shared HTTP wrapper, .ampcheck.yaml:12"
std::string LayerText(const Layer& layer) {
  return std::string(LayerKindName(layer.kind)) + " " + layer.tries.ToString() +
         " tries: " + layer.Describe();
}

std::string Names(const AnalysisContext& context,
                  const std::vector<int>& calls) {
  return Join(context.PathNames(calls), " -> ");
}

}  // namespace

void RenderInventoryCsv(const Model& model, const Analysis& analysis,
                        const Inventory& inventory, std::ostream& out) {
  AnalysisContext context(model, analysis.graph);
  Row(out, {"kind", "name", "namespace", "in_mesh", "layers",
            "multi_layer_calls", "outbound_calls", "worst_inbound_tries",
            "worst_inbound_path", "worst_outbound_tries", "worst_outbound_path",
            "missing_timeouts", "findings", "note"});
  for (const ServiceInventory& entry : inventory.services) {
    const Service& s = model.services[entry.service];
    std::vector<std::string> layers;
    for (const InventoryLayer& l : entry.layers)
      layers.push_back(LayerText(l.layer));
    bool inbound = !entry.worst_inbound.empty();
    bool outbound = !entry.worst_outbound.empty();
    Row(out,
        {"service", s.display, s.ns, s.in_mesh ? "true" : "false",
         Join(layers, "; "), std::to_string(entry.multi_layer_calls.size()),
         std::to_string(entry.outbound_calls),
         inbound ? entry.inbound_tries.ToString() : "",
         inbound ? Names(context, entry.worst_inbound) : "",
         outbound ? entry.outbound_tries.ToString() : "",
         outbound ? Names(context, entry.worst_outbound) : "",
         Join(entry.missing_timeouts, "; "), std::to_string(entry.findings),
         s.membership});
  }
  for (const SourceSummary::Root& root : inventory.unidentified) {
    Row(out, {"unidentified-source", root.path, "", "", "", "", "", "", "", "",
              "", "", "",
              std::to_string(root.files) + " files, " +
                  std::to_string(root.layer_facts) +
                  " retry layers; no service identified" +
                  (root.build_markers.empty()
                       ? ""
                       : " (build markers: " + Join(root.build_markers, "; ") +
                             ")")});
  }
  for (const auto& [where, origin] : inventory.unattributed_layers) {
    Row(out, {"unattributed-layer", where.ToString(), "", "", origin, "", "",
              "", "", "", "", "", "",
              "retry layer found in source but on no call of the graph"});
  }
}

}  // namespace ampcheck
