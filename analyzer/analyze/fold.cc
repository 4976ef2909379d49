#include "analyzer/analyze/fold.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>

#include "analyzer/analyze/causes.h"
#include "analyzer/base/threads.h"

namespace ampcheck {
namespace {

std::string PathKey(const std::vector<std::string>& path) {
  std::string key;
  for (const std::string& name : path) (key += name) += '\0';
  return key;
}

// The services of a path of calls (the first call's caller, then each
// callee), hashed and compared where they are: a large fleet's half million
// path candidates are matched without a list of services each.
struct ServicesOf {
  const GraphAnalysis* graph;
  const std::vector<int>* calls;
};

struct ServicesHash {
  size_t operator()(const ServicesOf& path) const {
    size_t hash = path.calls->size();
    auto mix = [&hash](int service) {
      hash = (hash ^ static_cast<size_t>(service)) * 0x100000001b3ULL;
    };
    const std::vector<CallEnds>& ends = path.graph->ends;
    if (!path.calls->empty()) mix(ends[path.calls->front()].from);
    for (int call : *path.calls) mix(ends[call].to);
    return hash;
  }
};

struct SameServices {
  bool operator()(const ServicesOf& a, const ServicesOf& b) const {
    const std::vector<CallEnds>& ends = a.graph->ends;
    if (a.calls->size() != b.calls->size()) return false;
    if (a.calls->empty()) return true;
    if (ends[a.calls->front()].from != ends[b.calls->front()].from)
      return false;
    for (size_t i = 0; i < a.calls->size(); ++i) {
      if (ends[(*a.calls)[i]].to != ends[(*b.calls)[i]].to) return false;
    }
    return true;
  }
};

// A path's services with their hash, computed once: a large fleet's paths
// are hashed on every thread before the table is filled on one.
struct HashedServices {
  size_t hash;
  const std::vector<int>* calls;
};

struct HashedServicesHash {
  size_t operator()(const HashedServices& path) const { return path.hash; }
};

struct SameHashedServices {
  const GraphAnalysis* graph;
  bool operator()(const HashedServices& a, const HashedServices& b) const {
    return a.hash == b.hash &&
           SameServices()({graph, a.calls}, {graph, b.calls});
  }
};

}  // namespace

void AppendFolded(const std::string& folded_message, std::string* message) {
  size_t from = folded_message.find(" tries per request from ");
  *message +=
      "; " + (from == std::string::npos ? folded_message
                                        : folded_message.substr(from + 24));
}

void FoldUndocumentedIntoAmplification(const AnalysisContext& context,
                                       std::vector<Candidate*>* candidates,
                                       int threads) {
  // Paths are matched by their service names; for text not yet written, by
  // their services' indices (display names are unique). The two never match
  // each other: both checks leave all their text, or write all of it.
  // Hashing a large fleet's paths beats comparing them in a tree.
  //
  // The candidates of the two checks are found, and their paths hashed, in
  // `threads` parts at once; the table is filled in order, so that the first
  // over-the-limit candidate of a path is the one folded into; the lookups
  // are made in parts again, and applied in order.
  enum class Kind : uint8_t { kOverLimit, kUndocumented };
  struct Entry {
    size_t index;
    size_t hash;  // of the services of a path whose text is not written
    Kind kind;
  };
  const size_t parts = PartsFor(candidates->size(), threads);
  std::vector<std::vector<Entry>> entries(parts);
  ParallelParts(candidates->size(), parts, threads,
                [&](size_t part, size_t begin, size_t end) {
                  for (size_t i = begin; i < end; ++i) {
                    const FindingCore& f = (*candidates)[i]->core();
                    Kind kind;
                    if (f.check == "retry-amplification")
                      kind = Kind::kOverLimit;
                    else if (f.check == "undocumented-amplification")
                      kind = Kind::kUndocumented;
                    else
                      continue;
                    const size_t hash =
                        f.spelling.check
                            ? ServicesHash()({&context.graph, &f.pending_calls})
                            : 0;
                    entries[part].push_back({i, hash, kind});
                  }
                });
  std::unordered_map<HashedServices, Candidate*, HashedServicesHash,
                     SameHashedServices>
      unwritten(0, HashedServicesHash(), SameHashedServices{&context.graph});
  std::unordered_map<std::string, Candidate*> written;
  size_t over_limit_count = 0;
  for (const std::vector<Entry>& part : entries) {
    for (const Entry& e : part) over_limit_count += e.kind == Kind::kOverLimit;
  }
  unwritten.reserve(over_limit_count);
  for (const std::vector<Entry>& part : entries) {
    for (const Entry& e : part) {
      if (e.kind != Kind::kOverLimit) continue;
      Candidate* c = (*candidates)[e.index];
      const FindingCore& f = c->core();
      if (f.spelling.check)
        unwritten.try_emplace({e.hash, &f.pending_calls}, c);
      else if (c->written && c->written->path.size() > 1)
        written.try_emplace(PathKey(c->written->path), c);
    }
  }
  if (unwritten.empty() && written.empty()) return;
  auto over_limit = [&](const Candidate& c, size_t hash) -> Candidate* {
    const FindingCore& f = c.core();
    if (f.spelling.check) {
      auto it = unwritten.find({hash, &f.pending_calls});
      return it == unwritten.end() ? nullptr : it->second;
    }
    if (!c.written) return nullptr;
    auto it = written.find(PathKey(c.written->path));
    return it == written.end() ? nullptr : it->second;
  };
  // What each undocumented candidate folds into, by part: the lookups only
  // read the tables.
  std::vector<std::vector<std::pair<size_t, Candidate*>>> folds(parts);
  ParallelFor(parts, threads, [&](size_t part) {
    for (const Entry& e : entries[part]) {
      if (e.kind != Kind::kUndocumented) continue;
      if (Candidate* into = over_limit(*(*candidates)[e.index], e.hash))
        folds[part].emplace_back(e.index, into);
    }
  });
  // The folded candidates leave the list, which closes up in place.
  size_t kept = 0, next = 0;
  for (const auto& part : folds) {
    for (const auto& [index, into] : part) {
      while (next < index) (*candidates)[kept++] = (*candidates)[next++];
      Candidate* f = (*candidates)[next++];
      if (into->core().spelling.check && f->core().spelling.check) {
        // Both left to their checks: spelled together when printed.
        AddFolded(f->core().spelling.check, &into->core().spelling);
        continue;
      }
      Finding& into_finding = into->Written();
      Finding& folded = f->Written();
      context.SpellText(&into_finding);
      context.SpellText(&folded);
      AppendFolded(folded.message, &into_finding.message);
      into_finding.folded_checks.emplace_back(folded.check);
    }
  }
  while (next < candidates->size())
    (*candidates)[kept++] = (*candidates)[next++];
  candidates->resize(kept);
}

void FoldUndocumentedIntoAmplification(const AnalysisContext& context,
                                       std::vector<Finding>* findings) {
  std::vector<Candidate> candidates;
  for (Finding& f : *findings) candidates.push_back(AsCandidate(std::move(f)));
  std::vector<Candidate*> pointers;
  for (Candidate& c : candidates) pointers.push_back(&c);
  FoldUndocumentedIntoAmplification(context, &pointers);
  std::vector<Finding> kept;
  kept.reserve(pointers.size());
  for (Candidate* c : pointers) kept.push_back(std::move(*c).Take());
  *findings = std::move(kept);
}

}  // namespace ampcheck
