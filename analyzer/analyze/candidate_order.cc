#include "analyzer/analyze/candidate_order.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "analyzer/base/threads.h"

namespace ampcheck {
namespace {

// A candidate's place by location and check, as numbers: the file's and
// the check's rank among those of all candidates, so that sorting a large
// fleet's candidates compares two integers in one array instead of strings
// in findings scattered over memory.
struct SortKey {
  uint64_t place;            // the file's rank, then the line (never negative)
  uint64_t check_and_index;  // the check's rank, then the index given

  uint32_t index() const { return static_cast<uint32_t>(check_and_index); }
  auto operator<=>(const SortKey&) const = default;
};

// An id for each distinct string, for strings held once each (a location's
// file name, a check's id): looked up by address, not hashed and compared as
// text. CommonRanks turns ids into ranks in string order.
class Ranks {
 public:
  uint32_t Id(std::string_view value) {
    if (!values_.empty() && last_ == value.data()) return last_id_;
    auto [it, added] =
        ids_.try_emplace(value.data(), static_cast<uint32_t>(values_.size()));
    if (added) values_.push_back(value);
    last_ = value.data();
    last_id_ = it->second;
    return last_id_;
  }
  const std::vector<std::string_view>& values() const { return values_; }

 private:
  std::unordered_map<const char*, uint32_t> ids_;
  std::vector<std::string_view> values_;
  const char* last_ = nullptr;
  uint32_t last_id_ = 0;
};

// For each part's ids, its values' ranks among the values of all `parts`, in
// string order: equal text, equal rank (two copies of one check id sort as
// one).
std::vector<std::vector<uint32_t>> CommonRanks(
    const std::vector<Ranks>& parts) {
  std::vector<std::string_view> all;
  for (const Ranks& part : parts)
    all.insert(all.end(), part.values().begin(), part.values().end());
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  std::vector<std::vector<uint32_t>> ranks;
  for (const Ranks& part : parts) {
    std::vector<uint32_t>& rank = ranks.emplace_back();
    for (std::string_view value : part.values()) {
      rank.push_back(static_cast<uint32_t>(
          std::lower_bound(all.begin(), all.end(), value) - all.begin()));
    }
  }
  return ranks;
}

// Sorts `keys` in `threads` parts at once, then merges them.
void ParallelSort(std::vector<SortKey>* keys, int threads) {
  const size_t parts = PartsFor(keys->size(), threads);
  std::vector<size_t> bounds;
  for (size_t p = 0; p <= parts; ++p)
    bounds.push_back(p * keys->size() / parts);
  ParallelFor(parts, threads, [&](size_t p) {
    std::sort(keys->begin() + bounds[p], keys->begin() + bounds[p + 1]);
  });
  for (size_t p = 1; p < parts; ++p) {
    std::inplace_merge(keys->begin(), keys->begin() + bounds[p],
                       keys->begin() + bounds[p + 1]);
  }
}

std::vector<SortKey> SortedKeys(const std::vector<Candidate*>& order,
                                int threads) {
  // Each part names its files and checks apart; the names are ranked among
  // all parts' once every candidate is read.
  const size_t parts = PartsFor(order.size(), threads);
  std::vector<Ranks> files(parts), checks(parts);
  std::vector<SortKey> keys(order.size());
  ParallelParts(
      order.size(), parts, threads, [&](size_t p, size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
          const FindingCore& f = order[i]->core();
          // The part's own ids for now, replaced by ranks below.
          keys[i] = {files[p].Id(f.location.file.str()), checks[p].Id(f.check)};
        }
      });
  const std::vector<std::vector<uint32_t>> file_rank = CommonRanks(files);
  const std::vector<std::vector<uint32_t>> check_rank = CommonRanks(checks);
  ParallelParts(
      order.size(), parts, threads, [&](size_t p, size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
          const uint64_t line =
              static_cast<uint32_t>(order[i]->core().location.line);
          keys[i] = {
              uint64_t{file_rank[p][keys[i].place]} << 32 | line,
              uint64_t{check_rank[p][keys[i].check_and_index]} << 32 | i};
        }
      });
  ParallelSort(&keys, threads);
  return keys;
}

bool SamePlace(const SortKey& a, const SortKey& b) {
  return a.place == b.place &&
         a.check_and_index >> 32 == b.check_and_index >> 32;
}

// Candidates that tie on location and check, each with the start of its
// message (the whole of it when written), and the whole message once it had
// to be written.
class TiedRun {
 public:
  explicit TiedRun(const AnalysisContext& context) : context_(context) {}

  void Reset(Candidate* const* begin, Candidate* const* end) {
    members_.assign(begin, end);
    starts_.clear();
    whole_.assign(members_.size(), std::nullopt);
    arena_.clear();
    // Where each start lies in the arena (npos: its written message).
    spans_.clear();
    for (Candidate* c : members_) {
      const FindingCore& f = c->core();
      if (!f.spelling.check) {
        spans_.emplace_back(std::string::npos, 0);
        continue;
      }
      size_t from = arena_.size();
      f.spelling.check->SpellMessageStart(context_, f.pending_calls, f.spelling,
                                          &arena_);
      spans_.emplace_back(from, arena_.size() - from);
    }
    // Views into the arena once it no longer grows.
    for (size_t i = 0; i < members_.size(); ++i) {
      starts_.push_back(spans_[i].first == std::string::npos
                            ? std::string_view(WrittenMessage(i))
                            : std::string_view(arena_).substr(
                                  spans_[i].first, spans_[i].second));
    }
  }

  size_t size() const { return members_.size(); }
  Candidate* member(size_t i) const { return members_[i]; }

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
  // The message its check wrote (a candidate that left it has a spelling).
  const std::string& WrittenMessage(size_t i) const {
    static const std::string kNone;
    return members_[i]->written ? members_[i]->written->message : kNone;
  }
  const std::string& Message(size_t i) {
    const FindingCore& f = members_[i]->core();
    if (!f.spelling.check) return WrittenMessage(i);
    if (!whole_[i])
      whole_[i] = context_.SpellText(f.pending_calls, f.spelling).message;
    return *whole_[i];
  }

  const AnalysisContext& context_;
  std::vector<Candidate*> members_;
  std::vector<std::string_view> starts_;
  std::vector<std::optional<std::string>> whole_;
  std::string arena_;
  // Kept between runs, as the others: a large fleet has 300,000 runs.
  std::vector<std::pair<size_t, size_t>> spans_;
};

// Orders the `count` tied candidates at `run_begin` in place, repeats
// dropped; returns how many are left at the front.
size_t OrderTiedRun(TiedRun* run, Candidate** run_begin, size_t count,
                    std::vector<size_t>* sorted) {
  if (count == 1) return 1;
  // From the order given: tied candidates with the same message keep the
  // first of them.
  run->Reset(run_begin, run_begin + count);
  sorted->resize(count);
  for (size_t i = 0; i < count; ++i) (*sorted)[i] = i;
  // Equal messages keep the order given, by their index: as a stable sort,
  // without the buffer one allocates for each of a large fleet's 300,000
  // runs.
  std::sort(sorted->begin(), sorted->end(), [run](size_t a, size_t b) {
    const int c = run->Compare(a, b);
    return c != 0 ? c < 0 : a < b;
  });
  size_t kept = 0;
  for (size_t i = 0; i < count; ++i) {
    if (i == 0 || run->Compare((*sorted)[i - 1], (*sorted)[i]) != 0)
      run_begin[kept++] = run->member((*sorted)[i]);
  }
  return kept;
}

}  // namespace

void OrderCandidates(const AnalysisContext& context,
                     std::vector<Candidate*>* order, int threads) {
  const std::vector<SortKey> keys = SortedKeys(*order, threads);
  std::vector<Candidate*> placed(keys.size());
  std::vector<size_t> run_starts;
  for (size_t i = 0; i < keys.size(); ++i) {
    placed[i] = (*order)[keys[i].index()];
    if (i == 0 || !SamePlace(keys[i - 1], keys[i])) run_starts.push_back(i);
  }
  const size_t runs = run_starts.size();
  run_starts.push_back(keys.size());
  // Runs are ordered apart, a block of them per task, each in its place.
  std::vector<size_t> kept(runs);
  const size_t blocks = std::min<size_t>(runs, 64 * std::max(threads, 1));
  ParallelFor(blocks, threads, [&](size_t block) {
    TiedRun run(context);
    std::vector<size_t> sorted;
    for (size_t r = block * runs / blocks; r < (block + 1) * runs / blocks;
         ++r) {
      kept[r] = OrderTiedRun(&run, placed.data() + run_starts[r],
                             run_starts[r + 1] - run_starts[r], &sorted);
    }
  });
  order->clear();
  for (size_t r = 0; r < runs; ++r) {
    order->insert(order->end(), placed.begin() + run_starts[r],
                  placed.begin() + run_starts[r] + kept[r]);
  }
}

}  // namespace ampcheck
