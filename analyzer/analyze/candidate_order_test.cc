#include "analyzer/analyze/candidate_order.h"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace ampcheck {
namespace {

// Messages from a table (the call is the row); its start is the first
// `variant` characters, so starts that begin one another are easy to make.
class TableCheck : public Check {
 public:
  explicit TableCheck(std::vector<std::string> messages)
      : messages_(std::move(messages)) {}
  const char* id() const override { return "table"; }
  Severity severity() const override { return Severity::kWarning; }
  const char* summary() const override { return "table"; }
  void Run(const AnalysisContext&, std::vector<Candidate>*) const override {}
  FindingText Spell(const AnalysisContext&, const std::vector<int>& calls,
                    const Spelling&) const override {
    ++spelled;
    return {messages_[calls.front()], {}, ""};
  }
  void SpellMessageStart(const AnalysisContext&, const std::vector<int>& calls,
                         const Spelling& spelling,
                         std::string* out) const override {
    *out += messages_[calls.front()].substr(0, spelling.variant);
  }
  mutable int spelled = 0;

 private:
  std::vector<std::string> messages_;
};

Candidate Left(const TableCheck& check, int row, int start_length) {
  Candidate f;
  f.check = "table";
  f.location = {"mesh.yaml", 4};
  f.pending_calls = {row};
  f.spelling.check = &check;
  f.spelling.variant = start_length;
  return f;
}

std::vector<std::string> Messages(const AnalysisContext& context,
                                  const std::vector<Candidate*>& order) {
  std::vector<std::string> out;
  for (const Candidate* c : order)
    out.push_back(
        c->written ? c->written->message
                   : context.SpellText(c->pending_calls, c->spelling).message);
  return out;
}

TEST_CASE("candidate order: ties are ordered by their whole messages") {
  const Model model;
  const GraphAnalysis graph;
  const AnalysisContext context(model, graph);
  const TableCheck check({"b: 3", "ab: 9", "a", "ab: 9", "ab: 10", "ab"});
  std::vector<Candidate> candidates;
  candidates.push_back(Left(check, 0, 1));  // "b": apart from all but itself
  candidates.push_back(Left(check, 1, 2));  // "ab" begins "ab: 10" and "ab"
  candidates.push_back(Left(check, 2, 0));  // no start at all
  candidates.push_back(Left(check, 3, 5));  // the whole: a repeat of row 1
  candidates.push_back(Left(check, 4, 3));
  candidates.push_back(Left(check, 5, 2));
  Finding written;
  written.check = "table";
  written.location = {"mesh.yaml", 4};
  written.message = "aa: 2";
  candidates.emplace_back(written);
  Candidate elsewhere = Left(check, 0, 1);
  elsewhere.location = {"mesh.yaml", 2};
  candidates.push_back(std::move(elsewhere));
  std::vector<Candidate*> order;
  for (Candidate& c : candidates) order.push_back(&c);

  OrderCandidates(context, &order);

  CHECK(Messages(context, order) ==
        std::vector<std::string>{"b: 3", "a", "aa: 2", "ab", "ab: 10", "ab: 9",
                                 "b: 3"});
  CHECK(order.front()->core().location.line == 2);  // location first
}

TEST_CASE("candidate order: starts that differ leave the messages unwritten") {
  const Model model;
  const GraphAnalysis graph;
  const AnalysisContext context(model, graph);
  const TableCheck check({"c->d: 3", "a->b: 3", "b->c: 9"});
  std::vector<Candidate> candidates;
  for (int row : {0, 1, 2}) candidates.push_back(Left(check, row, 4));
  std::vector<Candidate*> order;
  for (Candidate& c : candidates) order.push_back(&c);

  OrderCandidates(context, &order);

  CHECK(check.spelled == 0);
  CHECK(Messages(context, order) ==
        std::vector<std::string>{"a->b: 3", "b->c: 9", "c->d: 3"});
}

TEST_CASE(
    "candidate order: a large list sorted in parts is in file, line "
    "and check order") {
  const Model model;
  const GraphAnalysis graph;
  const AnalysisContext context(model, graph);
  // Enough candidates to be sorted on two threads, each written, with a
  // repeat of each place under another check and a copy of one check's id.
  const std::string copied_id = "b-check";
  std::vector<Candidate> candidates;
  for (int i = 0; i < 120000; ++i) {
    Finding f;
    f.check = i % 2 ? "b-check" : "a-check";
    if (i % 6 == 1) f.check = copied_id;
    f.location = {"file-" + std::to_string(i % 97) + ".yaml", 1 + i % 1000};
    f.message = "m";
    candidates.emplace_back(std::move(f));
  }
  std::vector<Candidate*> order;
  for (Candidate& c : candidates) order.push_back(&c);

  OrderCandidates(context, &order, 2);

  // Repeats dropped: one of each place, check and message.
  std::set<std::tuple<std::string, int, std::string>> distinct;
  for (const Candidate& c : candidates)
    distinct.emplace(c.core().location.file, c.core().location.line,
                     c.core().check);
  REQUIRE(order.size() == distinct.size());
  CHECK(distinct.size() == 97000);
  bool ordered = true;
  for (size_t i = 1; i < order.size(); ++i) {
    const FindingCore& a = order[i - 1]->core();
    const FindingCore& b = order[i]->core();
    if (!(std::tie(a.location, a.check) < std::tie(b.location, b.check)))
      ordered = false;
  }
  CHECK(ordered);
  CHECK(order.front()->core().location == Location{"file-0.yaml", 1});
  CHECK(order.front()->core().check == "a-check");
  CHECK(order.back()->core().location == Location{"file-96.yaml", 1000});
}

}  // namespace
}  // namespace ampcheck
