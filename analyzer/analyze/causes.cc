#include "analyzer/analyze/causes.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "analyzer/base/threads.h"

namespace ampcheck {
namespace {

// A check and a cause: its id, and the cause's name as the analysis holds it.
struct CauseKey {
  std::string_view check;
  CauseName cause;
  bool operator==(const CauseKey&) const = default;
};

struct CauseKeyHash {
  size_t operator()(const CauseKey& key) const {
    std::hash<std::string_view> hash;
    return std::hash<const void*>()(key.cause.address()) * 31 + hash(key.check);
  }
};

// A member's numbers next to its index: a large cause's hundreds of
// thousands of members are sorted in one array, not through pointers to
// findings scattered over memory.
struct MemberRank {
  Tries tries;
  double bounded;
  size_t member;
};

// The worse of two members: more tries, then a higher bounded product.
bool Worse(const MemberRank& a, const MemberRank& b) {
  if (b.tries < a.tries) return true;
  if (a.tries < b.tries) return false;
  return a.bounded > b.bounded + 1e-9;
}

}  // namespace

namespace {

bool HasText(const Finding& f) {
  return !f.path.empty() || !f.message.empty() || !f.identity.empty() ||
         !f.folded_checks.empty();
}

}  // namespace

Affected AffectedBy(const Finding& f) {
  Affected a{f.location, f.tries, f.bounded, f.pending_calls, f.spelling};
  if (HasText(f)) {
    a.written = std::make_shared<const AffectedText>(
        AffectedText{f.path, f.message, f.identity, f.folded_checks});
  }
  return a;
}

Affected AffectedBy(Finding&& f) {
  Affected a{std::move(f.location), f.tries, f.bounded,
             std::move(f.pending_calls), std::move(f.spelling)};
  if (HasText(f)) {
    a.written = std::make_shared<const AffectedText>(
        AffectedText{std::move(f.path), std::move(f.message),
                     std::move(f.identity), std::move(f.folded_checks)});
  }
  return a;
}

Affected AffectedBy(Candidate&& c) {
  if (c.written) return AffectedBy(std::move(*c.written));
  return Affected{std::move(c.location), c.tries, c.bounded,
                  std::move(c.pending_calls), c.spelling};
}

Candidate AsCandidate(Finding f) {
  // Text its check left, and nothing else: a core, as the check emits it.
  if (f.spelling.check && !HasText(f) && f.affected.empty())
    return Candidate(static_cast<FindingCore&&>(std::move(f)));
  return Candidate(std::move(f));
}

void AddFoldedCheck(const std::string& check,
                    std::vector<std::string>* folded_checks) {
  if (std::find(folded_checks->begin(), folded_checks->end(), check) ==
      folded_checks->end())
    folded_checks->push_back(check);
}

std::string MoreFromSameCause(size_t more, const std::string& unit) {
  return "; and " + std::to_string(more) + " more " + unit +
         (more == 1 ? "" : "s") + " from the same cause";
}

std::vector<Finding> GroupByCause(const std::vector<Candidate*>& candidates,
                                  int threads) {
  // Keyed by check and cause; the order groups are visited in changes
  // nothing (each group's lead and list depend on its members alone).
  using Groups =
      std::unordered_map<CauseKey, std::vector<size_t>, CauseKeyHash>;
  // A large list is read in parts at once, each into groups of its own,
  // joined in order: each group's members stay in the order given.
  const size_t parts = PartsFor(candidates.size(), threads);
  std::vector<Groups> by_part(parts);
  ParallelParts(candidates.size(), parts, threads,
                [&](size_t part, size_t begin, size_t end) {
                  // At most a group a candidate: the table is never rehashed as
                  // it fills.
                  by_part[part].reserve(end - begin);
                  for (size_t i = begin; i < end; ++i) {
                    const FindingCore& f = candidates[i]->core();
                    if (!f.cause.empty())
                      by_part[part][{f.check, f.cause}].push_back(i);
                  }
                });
  Groups groups = std::move(by_part.front());
  for (size_t part = 1; part < parts; ++part) {
    for (auto& [key, members] : by_part[part]) {
      std::vector<size_t>& joined = groups[key];
      joined.insert(joined.end(), members.begin(), members.end());
    }
  }
  // Groups are made apart (each touches its own members only), the largest
  // first so that the threads finish together.
  std::vector<std::vector<size_t>*> by_size;
  by_size.reserve(groups.size());
  for (auto& [key, members] : groups) by_size.push_back(&members);
  std::sort(by_size.begin(), by_size.end(),
            [](const auto* a, const auto* b) { return a->size() > b->size(); });
  // Each group's members worst first, its lead made a finding, and room in
  // its list for them all.
  ParallelFor(by_size.size(), threads, [&](size_t g) {
    std::vector<size_t>& members = *by_size[g];
    // Worst first; report order breaks ties, so the lead is stable.
    std::vector<MemberRank> ranks;
    ranks.reserve(members.size());
    for (size_t m : members) {
      const FindingCore& f = candidates[m]->core();
      ranks.push_back({f.tries, f.bounded, m});
    }
    std::stable_sort(ranks.begin(), ranks.end(), Worse);
    for (size_t i = 0; i < ranks.size(); ++i) members[i] = ranks[i].member;
    // The lead is made a finding; the others stay candidates until moved
    // into its list.
    Finding& lead = candidates[members.front()]->Written();
    lead.affected.resize(members.size());
    lead.affected.front() = AffectedBy(lead);
  });
  // The others move into their lead's list in blocks, several at once: a
  // large fleet's few largest causes hold hundreds of thousands each.
  struct Block {
    size_t group, begin, end;
    std::vector<std::string> folded;  // its members' folded checks, in order
  };
  constexpr size_t kBlockMembers = 8192;
  std::vector<Block> blocks;
  std::vector<size_t> first_block(by_size.size() + 1);
  for (size_t g = 0; g < by_size.size(); ++g) {
    first_block[g] = blocks.size();
    for (size_t b = 1; b < by_size[g]->size(); b += kBlockMembers)
      blocks.push_back(
          {g, b, std::min(b + kBlockMembers, by_size[g]->size()), {}});
  }
  first_block.back() = blocks.size();
  std::vector<char> absorbed(candidates.size(), false);
  ParallelFor(blocks.size(), threads, [&](size_t b) {
    Block& block = blocks[b];
    const std::vector<size_t>& members = *by_size[block.group];
    Finding& lead = *candidates[members.front()]->written;
    uint32_t seen = 0;  // folded checks listed, by bit (Spelling::folded)
    for (size_t i = block.begin; i < block.end; ++i) {
      absorbed[members[i]] = true;
      Candidate& member = *candidates[members[i]];
      if (member.written) {
        for (const std::string& folded : member.written->folded_checks)
          AddFoldedCheck(folded, &block.folded);
      }
      const Spelling& spelling = member.core().spelling;
      if (spelling.folded & ~seen) {
        for (const Check* folded : FoldedChecks(spelling))
          AddFoldedCheck(folded->id(), &block.folded);
        seen |= spelling.folded;
      }
      // An absorbed candidate is dropped below: its text moves, not copies.
      lead.affected[i] = AffectedBy(std::move(member));
    }
  });
  ParallelFor(by_size.size(), threads, [&](size_t g) {
    const std::vector<size_t>& members = *by_size[g];
    Finding& lead = *candidates[members.front()]->written;
    // Its own folded checks first, then the others', as when written at once.
    for (const Check* folded : FoldedChecks(lead.spelling))
      AddFoldedCheck(folded->id(), &lead.folded_checks);
    for (size_t b = first_block[g]; b < first_block[g + 1]; ++b) {
      for (const std::string& folded : blocks[b].folded)
        AddFoldedCheck(folded, &lead.folded_checks);
    }
    // Text left to the check counts the others when it is spelled.
    if (members.size() > 1 && !lead.spelling.check)
      lead.message += MoreFromSameCause(members.size() - 1, lead.unit);
    // Whether or not others share it: the identity stays the same as calls
    // come and go under one cause.
    ((lead.identity = lead.check) += "|cause|") += lead.cause.view();
  });
  std::vector<Finding> out;
  out.reserve(
      static_cast<size_t>(std::count(absorbed.begin(), absorbed.end(), false)));
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (!absorbed[i]) out.push_back(std::move(*candidates[i]).Take());
  }
  return out;
}

std::vector<Finding> GroupByCause(std::vector<Finding> findings) {
  std::vector<Candidate> candidates;
  for (Finding& f : findings) candidates.push_back(AsCandidate(std::move(f)));
  std::vector<Candidate*> pointers;
  for (Candidate& c : candidates) pointers.push_back(&c);
  return GroupByCause(pointers);
}

std::vector<std::string> Identities(const AnalysisContext& context,
                                    const Finding& finding) {
  std::vector<std::string> out = {finding.identity};
  for (const Affected& a : finding.affected) {
    out.push_back(a.spelling.check
                      ? context.SpellText(a.calls, a.spelling).identity
                      : a.text().identity);
  }
  return out;
}

}  // namespace ampcheck
