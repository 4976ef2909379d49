// The inventory as one self-contained HTML page (no network needed to view
// it): the call graph (analyzer/report/inventory_graph.h), then sortable
// tables of services, paths, findings and unidentified sources.
#include <algorithm>
#include <cmath>
#include <set>

#include "analyzer/analyze/check.h"
#include "analyzer/base/json_dump.h"
#include "analyzer/base/strings.h"
#include "analyzer/report/html_escape.h"
#include "analyzer/report/inventory.h"
#include "analyzer/report/inventory_graph.h"
#include "analyzer/report/inventory_graph_assets.h"
#include "analyzer/report/json_report.h"

namespace ampcheck {
namespace {

// Sort key of a tries cell: unbounded sorts above every count.
std::string TriesKey(const Tries& tries) {
  return tries.unbounded() ? "Infinity" : std::to_string(tries.count());
}

std::string Cell(const std::string& text, const std::string& key = "") {
  std::string out = "<td";
  if (!key.empty()) out += " data-v=\"" + HtmlEscape(key) + "\"";
  return out + ">" + HtmlEscape(text) + "</td>";
}

void TableStart(std::ostream& out, const std::string& id,
                const std::vector<std::string>& headers) {
  out << "<table class=\"sortable\" id=\"" << id << "\"><thead><tr>";
  for (const std::string& h : headers)
    out << "<th title=\"click to sort\">" << HtmlEscape(h) << "</th>";
  out << "</tr></thead><tbody>\n";
}

const char kStyle[] = R"(<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
h1{font-size:22px}h2{font-size:18px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0;width:100%}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#eef;cursor:pointer;user-select:none;white-space:nowrap}
th.asc::after{content:" \25B2"}th.desc::after{content:" \25BC"}
td.num{text-align:right}.multi{background:#fde8e8}
.layer{display:block;font-size:12px}.muted{color:#777}
</style>)";

// Click a header: sort by that column, numbers by value (data-v), text by
// text; click again to reverse.
const char kScript[] = R"(<script>
document.querySelectorAll('table.sortable th').forEach(function(th, column){
  th.addEventListener('click', function(){
    var table = th.closest('table'), body = table.tBodies[0];
    var asc = !th.classList.contains('asc');
    table.querySelectorAll('th').forEach(function(h){h.classList.remove('asc','desc');});
    th.classList.add(asc ? 'asc' : 'desc');
    var key = function(row){
      var cell = row.cells[column];
      var v = cell.getAttribute('data-v');
      if (v !== null) return parseFloat(v);
      return cell.textContent.toLowerCase();
    };
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function(a, b){
      var x = key(a), y = key(b);
      var c = (typeof x === 'number' && typeof y === 'number') ? x - y :
              String(x).localeCompare(String(y));
      return asc ? c : -c;
    });
    rows.forEach(function(r){body.appendChild(r);});
  });
});
</script>)";

void ServicesTable(const Model& model, const AnalysisContext& context,
                   const Inventory& inventory, std::ostream& out) {
  TableStart(
      out, "services",
      {"service", "namespace", "in mesh", "layers", "multi-layer calls",
       "worst inbound", "worst outbound", "missing timeouts", "findings"});
  for (const ServiceInventory& e : inventory.services) {
    const Service& s = model.services[e.service];
    out << "<tr" << (e.multi_layer_calls.empty() ? "" : " class=\"multi\"")
        << ">" << Cell(s.display) << Cell(s.ns)
        << Cell(s.in_mesh ? "yes" : "no") << "<td>";
    for (const InventoryLayer& l : e.layers) {
      std::vector<std::string> calls;
      for (int call : l.calls) calls.push_back(context.CallName(call));
      out << "<span class=\"layer\" title=\""
          << HtmlEscape(l.layer.detail + " | on " + Join(calls, ", ")) << "\">"
          << HtmlEscape(std::string(LayerKindName(l.layer.kind)) + " " +
                        l.layer.tries.ToString() + " (" +
                        ProvenanceName(l.layer.provenance) + ": " +
                        l.layer.Describe() + ")")
          << "</span>";
    }
    out << "</td>"
        << Cell(std::to_string(e.multi_layer_calls.size()),
                std::to_string(e.multi_layer_calls.size()));
    for (const auto& [calls, tries] :
         {std::pair{&e.worst_inbound, e.inbound_tries},
          std::pair{&e.worst_outbound, e.outbound_tries}}) {
      out << (calls->empty() ? Cell("-", "0")
                             : Cell(tries.ToString() + ": " +
                                        Join(context.PathNames(*calls), " -> "),
                                    TriesKey(tries)));
    }
    out << Cell(Join(e.missing_timeouts, ", "),
                std::to_string(e.missing_timeouts.size()))
        << Cell(std::to_string(e.findings), std::to_string(e.findings))
        << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

void PathsTable(const Model& model, const Analysis& analysis,
                const AnalysisContext& context, std::ostream& out) {
  TableStart(out, "paths",
             {"path", "tries", "bounded", "retrying layers", "arithmetic",
              "findings"});
  for (int s : PathOrder(model, analysis)) {
    const Path path = context.WorstPathTo(s);
    std::vector<std::string> names = context.PathNames(path.calls);
    int findings = 0;
    for (const Finding& f : analysis.findings)
      findings += f.path == names ? 1 : 0;
    std::string bounded = DumpJson(FactorJson(path.bounded));
    out << "<tr>" << Cell(Join(names, " -> "))
        << Cell(path.tries.ToString(), TriesKey(path.tries))
        << Cell(bounded, std::isinf(path.bounded) ? "Infinity" : bounded)
        << Cell(std::to_string(path.retrying_layers),
                std::to_string(path.retrying_layers))
        << Cell(context.PathArithmetic(path.calls))
        << Cell(std::to_string(findings), std::to_string(findings))
        << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

void FindingsTable(const Analysis& analysis, std::ostream& out) {
  TableStart(out, "findings", {"severity", "check", "message", "where"});
  for (const Finding& f : analysis.findings) {
    out << "<tr>"
        << Cell(SeverityName(f.severity),
                std::to_string(static_cast<int>(f.severity)))
        << Cell(std::string(f.check)) << Cell(f.message)
        << Cell(f.location.ToString()) << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

}  // namespace

void RenderInventoryHtml(const Model& model, const Analysis& analysis,
                         const Inventory& inventory, std::ostream& out) {
  AnalysisContext context(model, analysis.graph);
  int multi = ServicesWithMultiLayerCalls(inventory);
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      << "<title>ampcheck fleet inventory</title>" << kStyle << "<style>"
      << kInventoryGraphCss << "</style>"
      << "</head><body>\n"
      << "<h1>ampcheck fleet inventory</h1>\n<p>" << model.services.size()
      << " services, " << model.calls.size() << " calls, "
      << analysis.findings.size() << " findings; <strong>" << multi
      << "</strong> services have more than one retrying layer on a call "
      << "(highlighted). Istio " << HtmlEscape(model.istio_version)
      << ". Click a column header to sort.</p>\n";
  out << "<h2>Call graph</h2>\n<p class=\"muted\">Edges are labelled with "
         "their tries (product of the call's layers), services with their "
         "worst inbound tries; red: the worst paths. Drag to pan, wheel or "
         "buttons to zoom; the filter keeps the matching services and their "
         "neighbours.</p>\n";
  RenderCallGraph(model, analysis, out);
  out << "<h2>Services</h2>\n";
  ServicesTable(model, context, inventory, out);
  out << "<h2>Worst path to each service</h2>\n";
  PathsTable(model, analysis, context, out);
  out << "<h2>Findings</h2>\n";
  FindingsTable(analysis, out);
  if (!inventory.unidentified.empty()) {
    out << "<h2>Sources no service was identified for</h2>\n";
    TableStart(out, "unidentified",
               {"directory", "files", "retry layers", "build markers"});
    for (const SourceSummary::Root& root : inventory.unidentified) {
      out << "<tr>" << Cell(root.path)
          << Cell(std::to_string(root.files), std::to_string(root.files))
          << Cell(std::to_string(root.layer_facts),
                  std::to_string(root.layer_facts))
          << Cell(Join(root.build_markers, "; ")) << "</tr>\n";
    }
    out << "</tbody></table>\n";
  }
  if (!inventory.unattributed_layers.empty()) {
    out << "<h2>Retry layers on no call of the graph</h2>\n";
    TableStart(out, "unattributed", {"where", "origin"});
    for (const auto& [where, origin] : inventory.unattributed_layers)
      out << "<tr>" << Cell(where.ToString()) << Cell(origin) << "</tr>\n";
    out << "</tbody></table>\n";
  }
  out << kScript << "\n</body></html>\n";
}

}  // namespace ampcheck
