#include "analyzer/analyze/causes.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_map>

namespace ampcheck {
namespace {

std::string PathKey(const std::vector<std::string>& path) {
  std::string key;
  for (const std::string& name : path) (key += name) += '\0';
  return key;
}

// The worse of two members: more tries, then a higher bounded product.
bool Worse(const Finding& a, const Finding& b) {
  if (b.tries < a.tries) return true;
  if (a.tries < b.tries) return false;
  return a.bounded > b.bounded + 1e-9;
}

}  // namespace

Affected AffectedBy(const Finding& f) {
  return {f.path,  f.location, f.message,      f.identity,
          f.tries, f.bounded,  f.folded_checks};
}

Affected AffectedBy(Finding&& f) {
  return {std::move(f.path),         f.location, std::move(f.message),
          std::move(f.identity),     f.tries,    f.bounded,
          std::move(f.folded_checks)};
}

void FoldUndocumentedIntoAmplification(std::vector<Finding*>* findings) {
  // Keyed by the path's names joined (names hold no NUL): hashing a large
  // fleet's paths beats comparing them name by name in a tree.
  std::unordered_map<std::string, Finding*> over_limit;
  for (Finding* f : *findings) {
    if (f->check == "retry-amplification" && f->path.size() > 1)
      over_limit.try_emplace(PathKey(f->path), f);
  }
  if (over_limit.empty()) return;
  std::vector<Finding*> kept;
  kept.reserve(findings->size());
  for (Finding* f : *findings) {
    auto it = f->check == "undocumented-amplification"
                  ? over_limit.find(PathKey(f->path))
                  : over_limit.end();
    if (it == over_limit.end()) {
      kept.push_back(f);
      continue;
    }
    Finding* into = it->second;
    // "...: 108 tries per request from 4 retrying layers (...); nothing
    // declares..." adds what the amplification message lacks.
    size_t from = f->message.find(" tries per request from ");
    into->message +=
        "; " +
        (from == std::string::npos ? f->message : f->message.substr(from + 24));
    into->folded_checks.push_back(f->check);
  }
  *findings = std::move(kept);
}

void FoldUndocumentedIntoAmplification(std::vector<Finding>* findings) {
  std::vector<Finding*> pointers;
  for (Finding& f : *findings) pointers.push_back(&f);
  FoldUndocumentedIntoAmplification(&pointers);
  std::vector<Finding> kept;
  kept.reserve(pointers.size());
  for (Finding* f : pointers) kept.push_back(std::move(*f));
  *findings = std::move(kept);
}

std::vector<Finding> GroupByCause(const std::vector<Finding*>& findings) {
  // Keyed by check and cause; the order groups are visited in changes
  // nothing (each group's lead and list depend on its members alone).
  std::unordered_map<std::string, std::vector<size_t>> groups;
  for (size_t i = 0; i < findings.size(); ++i) {
    if (!findings[i]->cause.empty())
      groups[findings[i]->check + '\0' + findings[i]->cause].push_back(i);
  }
  std::vector<bool> absorbed(findings.size(), false);
  for (auto& [key, members] : groups) {
    // Worst first; report order breaks ties, so the lead is stable.
    std::stable_sort(members.begin(), members.end(), [&](size_t a, size_t b) {
      return Worse(*findings[a], *findings[b]);
    });
    Finding& lead = *findings[members.front()];
    lead.affected.reserve(members.size());
    lead.affected.push_back(AffectedBy(lead));
    for (size_t m : members) {
      if (m == members.front()) continue;
      absorbed[m] = true;
      for (const std::string& folded : findings[m]->folded_checks) {
        if (std::find(lead.folded_checks.begin(), lead.folded_checks.end(),
                      folded) == lead.folded_checks.end())
          lead.folded_checks.push_back(folded);
      }
      // An absorbed finding is dropped below: its text moves, not copies.
      lead.affected.push_back(AffectedBy(std::move(*findings[m])));
    }
    size_t more = members.size() - 1;
    if (more > 0)
      lead.message += "; and " + std::to_string(more) + " more " + lead.unit +
                      (more == 1 ? "" : "s") + " from the same cause";
    // Whether or not others share it: the identity stays the same as calls
    // come and go under one cause.
    lead.identity = lead.check + "|cause|" + lead.cause;
  }
  std::vector<Finding> out;
  out.reserve(
      static_cast<size_t>(std::count(absorbed.begin(), absorbed.end(), false)));
  for (size_t i = 0; i < findings.size(); ++i) {
    if (!absorbed[i]) out.push_back(std::move(*findings[i]));
  }
  return out;
}

std::vector<Finding> GroupByCause(std::vector<Finding> findings) {
  std::vector<Finding*> pointers;
  for (Finding& f : findings) pointers.push_back(&f);
  return GroupByCause(pointers);
}

std::vector<std::string> Identities(const Finding& finding) {
  std::vector<std::string> out = {finding.identity};
  for (const Affected& a : finding.affected) out.push_back(a.identity);
  return out;
}

}  // namespace ampcheck
