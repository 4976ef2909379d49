#include "analyzer/resolve/attribution.h"

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

std::string ImageName(const std::string& image) {
  std::string name = image.substr(0, image.find('@'));
  size_t slash = name.rfind('/');
  if (slash != std::string::npos) name = name.substr(slash + 1);
  return name.substr(0, name.find(':'));
}

}  // namespace

Attribution::Attribution(ResolveContext* c) {
  for (size_t i = 0; i < c->model.services.size(); ++i) {
    const Service& s = c->model.services[i];
    names_.emplace(ToLower(s.name), static_cast<int>(i));
    for (const std::string& alias : s.aliases) {
      names_.emplace(ToLower(ImageName(alias)), static_cast<int>(i));
    }
  }
  for (const BuildMarkerFact& m : c->build_markers)
    markers_[m.directory].push_back(m);
  for (const SourceAttribution& a : c->policy.sources) {
    int service = c->FindServiceRef(a.service, a.location, true);
    if (service >= 0) declared_.emplace_back(a.path, service);
  }
}

int Attribution::ServiceOf(const std::string& file) const {
  for (const auto& [prefix, service] : declared_) {
    if (file == prefix || StartsWith(file, prefix + "/") || prefix.empty())
      return service;
  }
  for (std::string dir = ParentPath(file);; dir = ParentPath(dir)) {
    if (auto it = markers_.find(dir); it != markers_.end()) {
      for (const BuildMarkerFact& m : it->second) {
        if (int s = Match(m.name); s >= 0) return s;
      }
      if (int s = Match(dir); s >= 0) return s;
    }
    if (dir.empty()) break;
  }
  // No marker matched: the outermost directory named like a service
  // (orders/internal/pricing/client.go is orders' code, not pricing's).
  int outermost = -1;
  for (std::string dir = ParentPath(file); !dir.empty();
       dir = ParentPath(dir)) {
    if (int s = Match(dir); s >= 0) outermost = s;
  }
  return outermost;
}

int Attribution::Match(const std::string& name) const {
  auto it = names_.find(ToLower(BaseName(name)));
  return it == names_.end() ? -1 : it->second;
}

}  // namespace ampcheck
