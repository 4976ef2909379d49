#include "analyzer/resolve/model.h"

#include <algorithm>
#include <numeric>

namespace ampcheck {

int Model::Find(const std::string& ns, const std::string& name) const {
  auto it = index_.find(ns + "/" + name);
  return it == index_.end() ? -1 : it->second;
}

void Model::Finalize() {
  std::vector<int> order(services.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return std::tie(services[a].ns, services[a].name) <
           std::tie(services[b].ns, services[b].name);
  });
  std::vector<int> new_index(services.size());
  std::vector<Service> sorted;
  sorted.reserve(services.size());
  for (size_t i = 0; i < order.size(); ++i) {
    new_index[order[i]] = static_cast<int>(i);
    sorted.push_back(std::move(services[order[i]]));
  }
  services = std::move(sorted);
  for (Call& call : calls) {
    call.from = new_index[call.from];
    call.to = new_index[call.to];
  }
  std::sort(calls.begin(), calls.end(), [](const Call& a, const Call& b) {
    return std::tie(a.from, a.to) < std::tie(b.from, b.to);
  });
  std::map<std::string, int> name_count;
  for (const Service& s : services) ++name_count[s.name];
  index_.clear();
  for (size_t i = 0; i < services.size(); ++i) {
    Service& s = services[i];
    s.display = name_count[s.name] > 1 ? s.Key() : s.name;
    index_[s.Key()] = static_cast<int>(i);
  }
}

}  // namespace ampcheck
