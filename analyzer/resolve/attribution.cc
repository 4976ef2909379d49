#include "analyzer/resolve/attribution.h"

#include <set>

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

Attribution::Attribution(ResolveContext* c)
    : context_(*c), services_at_start_(c->model.services.size()) {
  for (const BuildMarkerFact& m : c->build_markers)
    markers_[m.directory].push_back(m);
  for (const SourceAttribution& a : c->policy.sources) {
    int service = c->FindServiceRef(a.service, a.location, true);
    if (service >= 0) declared_.emplace_back(a.path, service);
  }
  IndexReferences();
}

void Attribution::IndexReferences() {
  // Marker directories by the names a reference uses.
  std::map<std::string, std::string> by_name;
  for (const auto& [dir, markers] : markers_) {
    by_name["dir:" + dir] = dir;
    for (const BuildMarkerFact& m : markers) {
      if (m.name.empty()) continue;
      by_name["artifact:" + m.name] = dir;
      by_name["package:" + m.name] = dir;
    }
  }
  auto referenced = [&](const std::string& reference) -> std::string {
    if (auto it = by_name.find(reference); it != by_name.end())
      return it->second;
    // "@shop/http": markers keep the last segment of a package's name.
    size_t slash = reference.rfind('/');
    if (StartsWith(reference, "package:") && slash != std::string::npos) {
      if (auto it = by_name.find("package:" + reference.substr(slash + 1));
          it != by_name.end())
        return it->second;
    }
    return "";
  };
  for (const auto& [dir, markers] : markers_) {
    for (const BuildMarkerFact& m : markers) {
      std::string marker_file = JoinPath(dir, m.marker);
      int service = ServiceOf(marker_file);
      if (service < 0) continue;
      // Breadth first through shared projects; a project that is itself a
      // service's is not shared code and stops the walk.
      std::vector<std::string> queue;
      std::set<std::string> seen = {dir};
      for (const std::string& r : m.references) queue.push_back(r);
      for (size_t i = 0; i < queue.size(); ++i) {
        std::string target = referenced(queue[i]);
        if (target.empty() || !seen.insert(target).second) continue;
        if (ServiceOf(JoinPath(target, "x")) >= 0) continue;
        auto& users = users_[target];
        bool known = false;
        for (const auto& [user, why] : users) known = known || user == service;
        if (!known) {
          users.emplace_back(service, "shared project " + target +
                                          ", referenced by " + marker_file);
        }
        for (const BuildMarkerFact& t : markers_.at(target)) {
          for (const std::string& r : t.references) queue.push_back(r);
        }
      }
    }
  }
}

std::vector<std::pair<int, std::string>> Attribution::UsersOf(
    const std::string& file) const {
  for (std::string dir = ParentPath(file);; dir = ParentPath(dir)) {
    if (markers_.count(dir)) {
      auto it = users_.find(dir);
      if (it == users_.end()) return {};
      return it->second;
    }
    if (dir.empty()) break;
  }
  return {};
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

void Attribution::IndexNames() const {
  // The services as they were when the attribution was made: later ones
  // (external nodes) are not code owners.
  const std::vector<Service>& services = context_.model.services;
  names_.reserve(services.size());
  for (size_t i = 0; i < services_at_start_; ++i) {
    const Service& s = services[i];
    names_.try_emplace(ToLower(s.name), static_cast<int>(i));
    for (const std::string& alias : s.aliases)
      names_.try_emplace(ToLower(ImageName(alias)), static_cast<int>(i));
  }
}

int Attribution::Match(const std::string& name) const {
  std::call_once(names_indexed_, [this] { IndexNames(); });
  auto it = names_.find(ToLower(BaseName(name)));
  return it == names_.end() ? -1 : it->second;
}

}  // namespace ampcheck
