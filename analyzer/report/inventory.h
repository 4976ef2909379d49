// The fleet inventory (ampcheck audit): per service, its retrying layers by
// kind with evidence, how many outbound calls have more than one retrying
// layer, the worst products into and out of it, and its calls with no
// timeout; plus the sources that could not be tied to any service, which are
// listed rather than dropped. Built from the model, the analysis and a
// summary of the extracted files; printed as JSON, CSV, HTML or text.
#ifndef AMPCHECK_REPORT_INVENTORY_H_
#define AMPCHECK_REPORT_INVENTORY_H_

#include <ostream>
#include <string>
#include <vector>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/facts/facts.h"
#include "analyzer/resolve/model.h"

namespace ampcheck {

// What extraction saw in each repository, kept small so that it can be taken
// before the facts are handed to resolve. A repository is the first
// component of a display path: each input directory when several are given,
// each top-level directory of a single input ("." for files at its top).
struct SourceSummary {
  struct Root {
    std::string path;  // display path of the repository
    int files = 0;
    int layer_facts = 0;
    std::vector<std::string> build_markers;  // "go.mod (example.com/x)"
  };
  std::vector<Root> roots;
  // Every retry layer found in source or app config, by location.
  std::vector<std::pair<Location, std::string>> layers;  // (where, origin)
};

SourceSummary SummarizeSources(const std::vector<FileFacts>& facts);

// A layer on one or more of a service's calls.
struct InventoryLayer {
  Layer layer;
  std::vector<int> calls;  // call indexes it is on
};

struct ServiceInventory {
  int service = -1;
  std::vector<InventoryLayer> layers;  // outermost kind first
  int outbound_calls = 0;
  std::vector<int> multi_layer_calls;  // > 1 retrying layer on the call
  // Worst path ending at the service (inbound) and starting at it
  // (outbound); empty calls when there is none.
  std::vector<int> worst_inbound;
  Tries inbound_tries;
  std::vector<int> worst_outbound;
  Tries outbound_tries;
  std::vector<std::string> missing_timeouts;  // callees: missing-timeout
  int findings = 0;
  std::vector<std::string> sources;  // source trees attributed to it
};

struct Inventory {
  std::vector<ServiceInventory> services;  // model order
  // Repositories nothing in the call graph comes from.
  std::vector<SourceSummary::Root> unidentified;
  // Retry layers found in files but on no call of the graph.
  std::vector<std::pair<Location, std::string>> unattributed_layers;
};

// How many services have more than one retrying layer on an outbound call.
int ServicesWithMultiLayerCalls(const Inventory& inventory);

Inventory BuildInventory(const Model& model, const Analysis& analysis,
                         const SourceSummary& sources);

// "json", "csv", "html", "text".
std::vector<std::string> InventoryFormats();
// False for an unknown format.
bool RenderInventory(const std::string& format, const Model& model,
                     const Analysis& analysis, const Inventory& inventory,
                     std::ostream& out);

// One function per format (inventory_<format>.cc).
void RenderInventoryJson(const Model& model, const Analysis& analysis,
                         const Inventory& inventory, std::ostream& out);
void RenderInventoryCsv(const Model& model, const Analysis& analysis,
                        const Inventory& inventory, std::ostream& out);
void RenderInventoryHtml(const Model& model, const Analysis& analysis,
                         const Inventory& inventory, std::ostream& out);
void RenderInventoryText(const Model& model, const Analysis& analysis,
                         const Inventory& inventory, std::ostream& out);

// The worst outbound path of every service, over the graph without its
// back edges, linear in its size. By service index: calls from the service.
std::vector<std::vector<int>> WorstOutboundPaths(const Model& model,
                                                 const GraphAnalysis& graph);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_INVENTORY_H_
