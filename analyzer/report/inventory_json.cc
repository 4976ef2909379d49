// The inventory as JSON: the ampcheck/report/v2 report, unchanged, with each
// entry of "services" extended by its layers (with evidence) and the count of
// its outbound calls that have more than one retrying layer, and the sources
// that no service could be identified for.
#include <nlohmann/json.hpp>

#include "analyzer/analyze/check.h"
#include "analyzer/base/json_dump.h"
#include "analyzer/report/inventory.h"
#include "analyzer/report/json_report.h"

namespace ampcheck {

using nlohmann::json;

namespace {

json PathJson(const AnalysisContext& context, const std::vector<int>& calls,
              const Tries& tries) {
  if (calls.empty()) return nullptr;
  return {{"services", context.PathNames(calls)},
          {"tries", TriesJson(tries)},
          {"arithmetic", context.PathProductText(calls)}};
}

}  // namespace

void RenderInventoryJson(const Model& model, const Analysis& analysis,
                         const Inventory& inventory, std::ostream& out) {
  AnalysisContext context(model, analysis.graph);
  json report = ReportJson(model, analysis);
  for (const ServiceInventory& entry : inventory.services) {
    json& service = report["services"][entry.service];
    service["layers"] = json::array();
    for (const InventoryLayer& l : entry.layers) {
      json layer = LayerJson(l.layer);
      layer["calls"] = json::array();
      for (int call : l.calls) layer["calls"].push_back(context.CallName(call));
      service["layers"].push_back(layer);
    }
    service["multi_layer_calls"] = entry.multi_layer_calls.size();
    service["outbound_calls"] = entry.outbound_calls;
    service["worst_inbound"] =
        PathJson(context, entry.worst_inbound, entry.inbound_tries);
    service["worst_outbound"] =
        PathJson(context, entry.worst_outbound, entry.outbound_tries);
    service["missing_timeouts"] = entry.missing_timeouts;
    service["sources"] = entry.sources;
  }
  report["unidentified"] = json::array();
  for (const SourceSummary::Root& root : inventory.unidentified) {
    report["unidentified"].push_back({{"path", root.path},
                                      {"files", root.files},
                                      {"retry_layers", root.layer_facts},
                                      {"build_markers", root.build_markers}});
  }
  report["unattributed_layers"] = json::array();
  for (const auto& [where, origin] : inventory.unattributed_layers) {
    report["unattributed_layers"].push_back(
        {{"file", where.file}, {"line", where.line}, {"origin", origin}});
  }
  out << DumpJson(report, 2) << "\n";
}

}  // namespace ampcheck
