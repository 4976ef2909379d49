#include "analyzer/resolve/duplicate_resources.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ampcheck {
namespace {

// (kind, namespace, name); the namespace is "" for a Namespace. Views into
// the facts, which outlive the check.
using ResourceKey =
    std::tuple<std::string_view, std::string_view, std::string_view>;

struct ResourceKeyHash {
  size_t operator()(const ResourceKey& key) const {
    std::hash<std::string_view> hash;
    const auto& [kind, ns, name] = key;
    return (hash(name) * 31 + hash(ns)) * 31 + hash(kind);
  }
};
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
  auto ns_or_default = [&](const std::string& ns) -> const std::string& {
    return ns.empty() ? default_ns : ns;
  };
  // Hashed: a cluster's hundred thousand resources are told apart without
  // ordering them; the few defined twice are ordered below.
  std::unordered_map<ResourceKey, std::vector<const Location*>, ResourceKeyHash>
      definitions;
  definitions.reserve(c->workloads.size() + c->k8s_services.size() +
                      c->virtual_services.size() + c->destination_rules.size() +
                      c->gateways.size());
  auto add = [&](std::string_view kind, std::string_view ns,
                 std::string_view name, const Location& location) {
    definitions[{kind, ns, name}].push_back(&location);
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

  // The resources defined at more than one place, in key order.
  std::vector<std::pair<ResourceKey, std::vector<Location>>> repeated;
  for (const auto& [key, at] : definitions) {
    if (at.size() < 2) continue;
    std::vector<Location> locations;
    for (const Location* location : at) locations.push_back(*location);
    std::sort(locations.begin(), locations.end());
    locations.erase(std::unique(locations.begin(), locations.end()),
                    locations.end());
    if (locations.size() > 1) repeated.emplace_back(key, std::move(locations));
  }
  std::sort(repeated.begin(), repeated.end());

  std::set<Definition> kept, dropped;
  // One diagnostic per pair of files (the ignored one, the one used): an
  // alternative tree repeats hundreds of resources, file by file.
  std::map<std::pair<std::string, std::string>,
           std::vector<std::pair<std::string, Location>>>
      by_file_pair;  // (ignored file, used file) -> (label, used location)
  std::map<std::pair<std::string, std::string>, Location> first_ignored;
  for (const auto& [key, locations] : repeated) {
    const auto& [kind_view, ns_view, name_view] = key;
    const std::string kind(kind_view), ns(ns_view), name(name_view);
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
