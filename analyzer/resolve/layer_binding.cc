#include "analyzer/resolve/layer_binding.h"

#include <algorithm>
#include <functional>

#include "analyzer/base/paths.h"

namespace ampcheck {

void LayerBinder::AddSite(int service, BoundSite site) {
  sites_[service].push_back(std::move(site));
}

Binding LayerBinder::Bind(int service, const LayerFact& layer) const {
  Binding binding;
  auto it = sites_.find(service);
  if (it == sites_.end()) return binding;
  const std::string& file = layer.layer.location.file;
  const SourceScope& scope = layer.scope;
  auto collect = [&](const std::function<bool(const BoundSite&)>& in_scope) {
    for (const BoundSite& s : it->second) {
      if (s.file != file || !in_scope(s)) continue;
      if (std::find(binding.calls.begin(), binding.calls.end(), s.call) ==
          binding.calls.end()) {
        binding.calls.push_back(s.call);
      }
    }
    return !binding.calls.empty();
  };
  std::string base = BaseName(file);
  std::string owner = scope.type.empty() ? scope.function
                      : scope.function.empty()
                          ? scope.type
                          : scope.type + "." + scope.function;
  if (scope.first_line > 0 && collect([&](const BoundSite& s) {
        return s.site->location.line >= scope.first_line &&
               s.site->location.line <= scope.last_line;
      })) {
    binding.how = "calls in " + owner + " (" + base + ":" +
                  std::to_string(scope.first_line) + "-" +
                  std::to_string(scope.last_line) + ")";
  } else if (!scope.type.empty() && collect([&](const BoundSite& s) {
               return s.site->scope.type == scope.type;
             })) {
    binding.how = "calls in type " + scope.type + " (" + base + ")";
  } else if (collect([](const BoundSite&) { return true; })) {
    binding.how = "calls in the same file (" + base + ")";
  }
  return binding;
}

}  // namespace ampcheck
