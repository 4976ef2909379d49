#include "analyzer/resolve/model.h"

#include <algorithm>
#include <numeric>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace ampcheck {

int Model::Find(const std::string& ns, const std::string& name) const {
  auto it = index_.find(ns + "/" + name);
  return it == index_.end() ? -1 : it->second;
}

namespace {

// Puts (*items)[order[i]] at i, moving each item once and allocating no
// second list: a large fleet's services and calls are hundreds of bytes
// each, and a sorted copy of them is that much fresh memory to fault in.
template <typename T>
void PermuteInPlace(const std::vector<int>& order, std::vector<T>* items) {
  std::vector<char> placed(order.size(), false);
  for (size_t start = 0; start < order.size(); ++start) {
    if (placed[start]) continue;
    T held = std::move((*items)[start]);
    size_t at = start;
    while (true) {
      placed[at] = true;
      size_t from = static_cast<size_t>(order[at]);
      if (from == start) {
        (*items)[at] = std::move(held);
        break;
      }
      (*items)[at] = std::move((*items)[from]);
      at = from;
    }
  }
}

}  // namespace

void Model::Finalize() {
  std::vector<int> order(services.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return std::tie(services[a].ns, services[a].name) <
           std::tie(services[b].ns, services[b].name);
  });
  std::vector<int> new_index(services.size());
  for (size_t i = 0; i < order.size(); ++i)
    new_index[order[i]] = static_cast<int>(i);
  PermuteInPlace(order, &services);
  for (Call& call : calls) {
    call.from = new_index[call.from];
    call.to = new_index[call.to];
  }
  // Calls are ordered through their indices, then moved once each.
  std::vector<int> call_order(calls.size());
  std::iota(call_order.begin(), call_order.end(), 0);
  std::sort(call_order.begin(), call_order.end(), [&](int a, int b) {
    return std::tie(calls[a].from, calls[a].to, a) <
           std::tie(calls[b].from, calls[b].to, b);
  });
  PermuteInPlace(call_order, &calls);
  std::unordered_map<std::string_view, int> name_count;
  for (const Service& s : services) ++name_count[s.name];
  index_.clear();
  for (size_t i = 0; i < services.size(); ++i) {
    Service& s = services[i];
    s.display = name_count[s.name] > 1 ? s.Key() : s.name;
    index_[s.Key()] = static_cast<int>(i);
  }
}

}  // namespace ampcheck
