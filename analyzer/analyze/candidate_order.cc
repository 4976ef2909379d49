#include "analyzer/analyze/candidate_order.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ampcheck {
namespace {

// A candidate's place by location and check, as numbers: the file's and
// the check's rank among those of all candidates, so that sorting a large
// fleet's candidates compares integers in one array instead of strings in
// findings scattered over memory.
struct SortKey {
  uint32_t file;
  int line;
  uint32_t check;
  size_t index;  // in the list given
  auto operator<=>(const SortKey&) const = default;
};

// The rank of each distinct string among `values`, in string order.
class Ranks {
 public:
  uint32_t Id(const std::string& value) {
    if (!ids_.empty() && last_ == value) return last_id_;
    auto [it, added] = ids_.try_emplace(value, ids_.size());
    last_ = it->first;
    last_id_ = it->second;
    return last_id_;
  }
  // Ranks by id, once every value has its id.
  std::vector<uint32_t> ById() const {
    std::vector<std::string_view> sorted;
    for (const auto& [value, id] : ids_) sorted.push_back(value);
    std::sort(sorted.begin(), sorted.end());
    std::vector<uint32_t> rank(ids_.size());
    for (size_t r = 0; r < sorted.size(); ++r)
      rank[ids_.at(sorted[r])] = static_cast<uint32_t>(r);
    return rank;
  }

 private:
  std::unordered_map<std::string_view, uint32_t> ids_;
  std::string_view last_;
  uint32_t last_id_ = 0;
};

std::vector<SortKey> SortedKeys(const std::vector<Finding*>& order) {
  Ranks files, checks;
  std::vector<SortKey> keys;
  keys.reserve(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    const Finding& f = *order[i];
    keys.push_back(
        {files.Id(f.location.file), f.location.line, checks.Id(f.check), i});
  }
  const std::vector<uint32_t> file_rank = files.ById();
  const std::vector<uint32_t> check_rank = checks.ById();
  for (SortKey& key : keys) {
    key.file = file_rank[key.file];
    key.check = check_rank[key.check];
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

bool SamePlace(const SortKey& a, const SortKey& b) {
  return a.file == b.file && a.line == b.line && a.check == b.check;
}

// Candidates that tie on location and check, each with the start of its
// message (the whole of it when written), and the whole message once it had
// to be written.
class TiedRun {
 public:
  explicit TiedRun(const AnalysisContext& context) : context_(context) {}

  void Reset(Finding* const* begin, Finding* const* end) {
    members_.assign(begin, end);
    starts_.clear();
    whole_.assign(members_.size(), std::nullopt);
    arena_.clear();
    std::vector<std::pair<size_t, size_t>> spans;
    for (Finding* f : members_) {
      if (!f->spelling.check) {
        spans.emplace_back(std::string::npos, 0);
        continue;
      }
      size_t from = arena_.size();
      f->spelling.check->SpellMessageStart(context_, f->pending_calls,
                                           f->spelling, &arena_);
      spans.emplace_back(from, arena_.size() - from);
    }
    // Views into the arena once it no longer grows.
    for (size_t i = 0; i < members_.size(); ++i) {
      starts_.push_back(spans[i].first == std::string::npos
                            ? std::string_view(members_[i]->message)
                            : std::string_view(arena_).substr(spans[i].first,
                                                              spans[i].second));
    }
  }

  size_t size() const { return members_.size(); }
  Finding* member(size_t i) const { return members_[i]; }

  // <0, 0 or >0 as member a's message compares with member b's.
  int Compare(size_t a, size_t b) {
    std::string_view sa = starts_[a], sb = starts_[b];
    size_t common = std::min(sa.size(), sb.size());
    if (int c = sa.substr(0, common).compare(sb.substr(0, common)); c != 0)
      return c;
    // One start begins the other: only the whole messages tell.
    return Message(a).compare(Message(b));
  }

 private:
  const std::string& Message(size_t i) {
    Finding* f = members_[i];
    if (!f->spelling.check) return f->message;
    if (!whole_[i])
      whole_[i] = context_.SpellText(f->pending_calls, f->spelling).message;
    return *whole_[i];
  }

  const AnalysisContext& context_;
  std::vector<Finding*> members_;
  std::vector<std::string_view> starts_;
  std::vector<std::optional<std::string>> whole_;
  std::string arena_;
};

}  // namespace

void OrderCandidates(const AnalysisContext& context,
                     std::vector<Finding*>* order) {
  const std::vector<SortKey> keys = SortedKeys(*order);
  std::vector<Finding*> out;
  out.reserve(order->size());
  TiedRun run(context);
  std::vector<Finding*> tied;
  std::vector<size_t> sorted;
  for (size_t begin = 0; begin < keys.size();) {
    size_t end = begin + 1;
    while (end < keys.size() && SamePlace(keys[begin], keys[end])) ++end;
    if (end - begin == 1) {
      out.push_back((*order)[keys[begin].index]);
      begin = end;
      continue;
    }
    // In the order given: tied candidates with the same message keep the
    // first of them.
    tied.clear();
    for (size_t i = begin; i < end; ++i)
      tied.push_back((*order)[keys[i].index]);
    run.Reset(tied.data(), tied.data() + tied.size());
    sorted.resize(run.size());
    for (size_t i = 0; i < sorted.size(); ++i) sorted[i] = i;
    std::stable_sort(sorted.begin(), sorted.end(), [&run](size_t a, size_t b) {
      return run.Compare(a, b) < 0;
    });
    for (size_t i = 0; i < sorted.size(); ++i) {
      if (i == 0 || run.Compare(sorted[i - 1], sorted[i]) != 0)
        out.push_back(run.member(sorted[i]));
    }
    begin = end;
  }
  *order = std::move(out);
}

}  // namespace ampcheck
