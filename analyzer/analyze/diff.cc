#include "analyzer/analyze/diff.h"

#include <algorithm>
#include <map>
#include <set>

#include "analyzer/analyze/check.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

// What rose between two findings of one identity: their tries, their
// bounded product, their severity; "" when none did.
std::string HowWorse(const Finding& before, const Finding& after) {
  std::vector<std::string> parts;
  if (before.tries < after.tries)
    parts.push_back(before.tries.ToString() + " -> " + after.tries.ToString() +
                    " tries");
  if (after.bounded > before.bounded + 1e-9 && !after.tries.unbounded() &&
      after.bounded + 1e-9 < static_cast<double>(after.tries.count()))
    parts.push_back("bounded " + FormatFactor(before.bounded) + " -> " +
                    FormatFactor(after.bounded));
  if (before.affected.size() < after.affected.size() &&
      after.affected.size() > 1)
    parts.push_back(
        "affects " +
        std::to_string(std::max<size_t>(1, before.affected.size())) + " -> " +
        std::to_string(after.affected.size()) + " " + after.unit + "s");
  if (before.severity < after.severity)
    parts.push_back(std::string(SeverityName(before.severity)) + " -> " +
                    SeverityName(after.severity));
  return Join(parts, "; ");
}

// A call across two models: the services' namespace/name keys, since indices
// and display names are per model.
using CallKey = std::pair<std::string, std::string>;

CallKey KeyOf(const Model& model, int call) {
  const Call& c = model.calls[call];
  return {model.services[c.from].Key(), model.services[c.to].Key()};
}

std::map<CallKey, int> CallIndex(const Model& model) {
  std::map<CallKey, int> index;
  for (size_t i = 0; i < model.calls.size(); ++i)
    index[KeyOf(model, static_cast<int>(i))] = static_cast<int>(i);
  return index;
}

std::string CallName(const Model& model, int call) {
  const Call& c = model.calls[call];
  return model.DisplayName(c.from) + "->" + model.DisplayName(c.to);
}

// Layers match by kind and origin ("VirtualService pricing", "shared HTTP
// wrapper"), never by line, so that moving a line changes nothing; a layer of
// the same kind whose origin changed (the Istio default replaced by a
// retries block) is one change, not a removal and an addition.
void CompareLayers(const std::string& call, const std::vector<Layer>& before,
                   const std::vector<Layer>& after,
                   std::vector<LayerChange>* changes,
                   std::vector<Layer>* unchanged) {
  std::vector<int> match(after.size(), -1);
  std::vector<bool> used(before.size(), false);
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t a = 0; a < after.size(); ++a) {
      if (match[a] >= 0) continue;
      for (size_t b = 0; b < before.size(); ++b) {
        if (used[b] || before[b].kind != after[a].kind) continue;
        if (pass == 0 && before[b].origin != after[a].origin) continue;
        match[a] = static_cast<int>(b);
        used[b] = true;
        break;
      }
    }
  }
  for (size_t a = 0; a < after.size(); ++a) {
    const Layer& now = after[a];
    if (match[a] < 0) {
      if (now.retries())
        changes->push_back({LayerChangeKind::kAdded, call, std::nullopt, now});
      continue;
    }
    const Layer& was = before[match[a]];
    if (was.tries == now.tries && was.origin == now.origin) {
      if (now.retries()) unchanged->push_back(now);
      continue;
    }
    if (was.tries == now.tries && !now.retries()) continue;
    changes->push_back({LayerChangeKind::kChanged, call, was, now});
  }
  for (size_t b = 0; b < before.size(); ++b) {
    if (!used[b] && before[b].retries())
      changes->push_back(
          {LayerChangeKind::kRemoved, call, before[b], std::nullopt});
  }
}

std::string At(const Layer& layer) {
  return layer.location.known() ? " at " + layer.location.ToString() : "";
}

}  // namespace

FleetDiff DiffFleets(const FleetSide& base, const FleetSide& head) {
  FleetDiff diff;
  AnalysisContext base_context(base.model, base.analysis.graph);
  AnalysisContext head_context(head.model, head.analysis.graph);
  std::map<CallKey, int> base_index = CallIndex(base.model);
  std::map<CallKey, int> head_index = CallIndex(head.model);
  std::set<CallKey> keys;
  for (const auto& [key, i] : base_index) keys.insert(key);
  for (const auto& [key, i] : head_index) keys.insert(key);

  for (const CallKey& key : keys) {
    PathChange change;
    auto in_base = base_index.find(key);
    auto in_head = head_index.find(key);
    if (in_base != base_index.end()) {
      Path path = base_context.PathEndingWith(in_base->second);
      change.base_calls = path.calls;
      change.before = path.tries;
    }
    if (in_head != head_index.end()) {
      Path path = head_context.PathEndingWith(in_head->second);
      change.head_calls = path.calls;
      change.after = path.tries;
    }
    if (change.before == change.after) continue;
    change.names = change.removed() ? base_context.PathNames(change.base_calls)
                                    : head_context.PathNames(change.head_calls);
    // Every call on either path, head's order first.
    std::vector<CallKey> along;
    for (int call : change.head_calls) along.push_back(KeyOf(head.model, call));
    for (int call : change.base_calls) {
      CallKey k = KeyOf(base.model, call);
      if (std::find(along.begin(), along.end(), k) == along.end())
        along.push_back(k);
    }
    static const std::vector<Layer> kNone;
    for (const CallKey& k : along) {
      auto b = base_index.find(k);
      auto h = head_index.find(k);
      std::string name = h != head_index.end()
                             ? CallName(head.model, h->second)
                             : CallName(base.model, b->second);
      bool on_head_path = h != head_index.end() &&
                          std::count(change.head_calls.begin(),
                                     change.head_calls.end(), h->second);
      std::vector<Layer> unchanged;
      CompareLayers(
          name,
          b != base_index.end() ? base.model.calls[b->second].layers : kNone,
          h != head_index.end() ? head.model.calls[h->second].layers : kNone,
          &change.layers, &unchanged);
      if (on_head_path)
        change.unchanged.insert(change.unchanged.end(), unchanged.begin(),
                                unchanged.end());
    }
    diff.paths.push_back(std::move(change));
  }
  std::stable_sort(diff.paths.begin(), diff.paths.end(),
                   [](const PathChange& a, const PathChange& b) {
                     if (a.after > b.after || b.after > a.after)
                       return a.after > b.after;
                     return b.before < a.before;
                   });

  std::set<std::string> before, after;
  for (const Finding& f : base.analysis.findings) before.insert(f.identity);
  for (const Finding& f : head.analysis.findings) after.insert(f.identity);
  std::map<std::string, const Finding*> base_by_identity;
  for (const Finding& f : base.analysis.findings)
    base_by_identity.try_emplace(f.identity, &f);
  for (const Finding& f : head.analysis.findings) {
    auto was = base_by_identity.find(f.identity);
    if (was == base_by_identity.end()) {
      diff.added.push_back(f);
      continue;
    }
    ++diff.kept;
    if (std::string how = HowWorse(*was->second, f); !how.empty())
      diff.worsened.push_back({*was->second, f, how});
  }
  for (const Finding& f : base.analysis.findings) {
    if (!after.count(f.identity)) diff.fixed.push_back(f);
  }
  return diff;
}

std::string DescribePathChange(const PathChange& change) {
  // Which call a layer is on only needs saying when the path has several.
  bool several = change.names.size() > 2;
  auto on = [several](const LayerChange& c) {
    return several ? ", on " + c.call : std::string();
  };
  std::vector<std::string> parts;
  bool adds = false;
  for (const LayerChange& c : change.layers) {
    switch (c.kind) {
      case LayerChangeKind::kAdded:
        adds = true;
        parts.push_back(std::string(LayerKindName(c.after->kind)) +
                        " retries added" + At(*c.after) + " (" +
                        c.after->tries.ToString() + " tries, " +
                        c.after->origin + on(c) + ")");
        break;
      case LayerChangeKind::kRemoved:
        parts.push_back(std::string(LayerKindName(c.before->kind)) +
                        " retries removed (" + c.before->origin + ", was " +
                        c.before->tries.ToString() + " tries" + on(c) + ")");
        break;
      case LayerChangeKind::kChanged: {
        adds = adds || c.before->tries < c.after->tries;
        std::string origin = c.before->origin == c.after->origin
                                 ? c.after->origin
                                 : c.before->origin + " -> " + c.after->origin;
        parts.push_back(std::string(LayerKindName(c.after->kind)) +
                        " retries changed from " + c.before->tries.ToString() +
                        " to " + c.after->tries.ToString() + " tries" +
                        At(*c.after) + " (" + origin + on(c) + ")");
        break;
      }
    }
  }
  if (parts.empty()) {
    if (change.added()) return "new call";
    if (change.removed()) return "call removed";
    return "a different route is now the worst";
  }
  std::string text = Join(parts, "; ");
  if (adds && !change.unchanged.empty()) {
    std::vector<std::string> below;
    for (const Layer& layer : change.unchanged)
      below.push_back("the " + std::string(LayerKindName(layer.kind)) +
                      " layer (" + layer.tries.ToString() + " tries, " +
                      layer.origin + ")");
    text += " on top of " + Join(below, " and ");
  }
  return text;
}

}  // namespace ampcheck
