#include "analyzer/resolve/layer_binding.h"

#include <algorithm>
#include <functional>

#include "analyzer/base/paths.h"

namespace ampcheck {
namespace {

// "12" or "12-14".
std::string LineRange(int first, int last) {
  return first == last ? std::to_string(first)
                       : std::to_string(first) + "-" + std::to_string(last);
}

}  // namespace

void LayerBinder::AddSite(int service, BoundSite site) {
  sites_[service].push_back(std::move(site));
}

void LayerBinder::AddUse(int service, BoundSite use) {
  uses_[service].push_back(std::move(use));
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
  // What the layer configures first: the calls of the builder chain it is
  // part of, and the calls made in the client type it names.
  std::vector<std::string> through;
  if (scope.statement_first_line > 0 && collect([&](const BoundSite& s) {
        return s.site->location.line >= scope.statement_first_line &&
               s.site->location.line <= scope.statement_last_line;
      })) {
    through.push_back(
        "calls in its statement (" + base + ":" +
        LineRange(scope.statement_first_line, scope.statement_last_line) + ")");
  }
  if (layer.through.rfind("type:", 0) == 0) {
    std::string type = layer.through.substr(5);
    size_t before = binding.calls.size();
    for (const BoundSite& s : it->second) {
      if (s.site->scope.type != type) continue;
      if (std::find(binding.calls.begin(), binding.calls.end(), s.call) ==
          binding.calls.end()) {
        binding.calls.push_back(s.call);
      }
    }
    if (binding.calls.size() > before)
      through.push_back("calls made through client type " + type);
  }
  if (layer.through.rfind("pipeline:", 0) == 0 && uses_.count(service)) {
    for (const BoundSite& use : uses_.at(service)) {
      if (use.site->target.value != layer.through) continue;
      const SourceScope& at = use.site->scope;
      size_t before = binding.calls.size();
      auto add = [&](const std::function<bool(const BoundSite&)>& in_scope) {
        for (const BoundSite& s : it->second) {
          if (s.file != use.file || !in_scope(s)) continue;
          if (std::find(binding.calls.begin(), binding.calls.end(), s.call) ==
              binding.calls.end()) {
            binding.calls.push_back(s.call);
          }
        }
        return binding.calls.size() > before;
      };
      bool bound = at.first_line > 0 && add([&](const BoundSite& s) {
                     return s.site->location.line >= at.first_line &&
                            s.site->location.line <= at.last_line;
                   });
      if (!bound && !at.type.empty()) {
        bound = add(
            [&](const BoundSite& s) { return s.site->scope.type == at.type; });
      }
      if (bound) {
        through.push_back("calls run through pipeline " +
                          layer.through.substr(9) + " (" + BaseName(use.file) +
                          ":" + std::to_string(use.site->location.line) + ")");
      }
    }
  }
  if (!through.empty()) {
    binding.how = through.front();
    for (size_t i = 1; i < through.size(); ++i)
      binding.how += " and " + through[i];
    return binding;
  }
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
