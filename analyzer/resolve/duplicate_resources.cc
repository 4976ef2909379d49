#include "analyzer/resolve/duplicate_resources.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>

namespace ampcheck {
namespace {

// (kind, namespace, name); the namespace is "" for a Namespace.
using ResourceKey = std::tuple<std::string, std::string, std::string>;
// A definition by its kind and where it starts.
using Definition = std::pair<std::string, Location>;

template <typename T>
void EraseDropped(const std::string& kind, const std::set<Definition>& dropped,
                  std::vector<T>* resources) {
  std::erase_if(*resources, [&](const T& resource) {
    return dropped.count({kind, resource.location}) > 0;
  });
}

}  // namespace

void DropDuplicateResources(const std::vector<FileFacts>& facts,
                            ResolveContext* c) {
  const std::string& default_ns = c->policy.default_namespace;
  auto ns_or_default = [&](const std::string& ns) {
    return ns.empty() ? default_ns : ns;
  };
  std::map<ResourceKey, std::vector<Location>> definitions;
  auto add = [&](const std::string& kind, const std::string& ns,
                 const std::string& name, const Location& location) {
    definitions[{kind, ns, name}].push_back(location);
  };
  // Namespaces and ConfigMaps from the facts (Collect keeps one of each
  // name); the rest from what Collect gathered, namespaces defaulted.
  for (const FileFacts& file : facts) {
    for (const NamespaceFact& n : file.namespaces)
      add("Namespace", "", n.name, n.location);
    for (const ConfigMapFact& cm : file.config_maps)
      add("ConfigMap", ns_or_default(cm.ns), cm.name, cm.location);
  }
  for (const WorkloadFact& w : c->workloads)
    add(w.kind, w.ns, w.name, w.location);
  for (const ServiceFact& s : c->k8s_services)
    add("Service", s.ns, s.name, s.location);
  for (const VirtualServiceFact& vs : c->virtual_services)
    add("VirtualService", vs.ns, vs.name, vs.location);
  for (const DestinationRuleFact& dr : c->destination_rules)
    add("DestinationRule", dr.ns, dr.name, dr.location);
  for (const GatewayFact& gw : c->gateways)
    add("Gateway", gw.ns, gw.name, gw.location);

  std::set<Definition> kept, dropped;
  // One diagnostic per pair of files (the ignored one, the one used): an
  // alternative tree repeats hundreds of resources, file by file.
  std::map<std::pair<std::string, std::string>,
           std::vector<std::pair<std::string, Location>>>
      by_file_pair;  // (ignored file, used file) -> (label, used location)
  std::map<std::pair<std::string, std::string>, Location> first_ignored;
  for (auto& [key, locations] : definitions) {
    std::sort(locations.begin(), locations.end());
    locations.erase(std::unique(locations.begin(), locations.end()),
                    locations.end());
    if (locations.size() < 2) continue;
    const auto& [kind, ns, name] = key;
    std::string label = kind + " " + (ns.empty() ? "" : ns + "/") + name;
    const Location& first = locations.front();
    kept.insert({kind, first});
    for (size_t i = 1; i < locations.size(); ++i) {
      dropped.insert({kind, locations[i]});
      std::pair<std::string, std::string> files{locations[i].file, first.file};
      by_file_pair[files].push_back({label, first});
      auto [it, added] = first_ignored.try_emplace(files, locations[i]);
      if (!added && locations[i] < it->second) it->second = locations[i];
    }
  }
  for (const auto& [files, resources] : by_file_pair) {
    const Location& at = first_ignored[files];
    if (resources.size() == 1) {
      c->Diagnose(at, resources[0].first + " is also defined at " +
                          resources[0].second.ToString() +
                          "; the first in path order is used and this one "
                          "is ignored");
      continue;
    }
    std::string named;
    const size_t kNamed = 3;
    for (size_t i = 0; i < resources.size() && i < kNamed; ++i)
      named += (i ? ", " : "") + resources[i].first;
    if (resources.size() > kNamed)
      named += " and " + std::to_string(resources.size() - kNamed) + " more";
    c->Diagnose(at, std::to_string(resources.size()) +
                        " resources of this file are also defined in " +
                        files.second + " (" + named +
                        "); the first in path order is used and these are "
                        "ignored (alternative trees: name them as "
                        "environments, docs/inputs.md)");
  }
  if (dropped.empty()) return;

  std::erase_if(c->workloads, [&](const WorkloadFact& w) {
    return dropped.count({w.kind, w.location}) > 0;
  });
  EraseDropped("Service", dropped, &c->k8s_services);
  EraseDropped("VirtualService", dropped, &c->virtual_services);
  EraseDropped("DestinationRule", dropped, &c->destination_rules);
  EraseDropped("Gateway", dropped, &c->gateways);
  // Collect keeps the first Namespace and ConfigMap it meets, in input
  // order: put the kept definition in its place.
  for (const FileFacts& file : facts) {
    for (const NamespaceFact& n : file.namespaces) {
      if (kept.count({"Namespace", n.location})) c->namespaces[n.name] = n;
    }
    for (const ConfigMapFact& cm : file.config_maps) {
      if (kept.count({"ConfigMap", cm.location}))
        c->config_maps[ns_or_default(cm.ns) + "/" + cm.name] = &cm;
    }
  }
}

}  // namespace ampcheck
