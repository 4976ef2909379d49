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
  void Run(const AnalysisContext&, std::vector<Finding>*) const override {}
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

Finding Candidate(const TableCheck& check, int row, int start_length) {
  Finding f;
  f.check = "table";
  f.location = {"mesh.yaml", 4};
  f.pending_calls = {row};
  f.spelling.check = &check;
  f.spelling.variant = start_length;
  return f;
}

std::vector<std::string> Messages(const AnalysisContext& context,
                                  const std::vector<Finding*>& order) {
  std::vector<std::string> out;
  for (const Finding* f : order)
    out.push_back(f->spelling.check
                      ? context.SpellText(f->pending_calls, f->spelling).message
                      : f->message);
  return out;
}

TEST_CASE("candidate order: ties are ordered by their whole messages") {
  const Model model;
  const GraphAnalysis graph;
  const AnalysisContext context(model, graph);
  const TableCheck check({"b: 3", "ab: 9", "a", "ab: 9", "ab: 10", "ab"});
  std::vector<Finding> candidates = {
      Candidate(check, 0, 1),  // "b" tells it apart from all but itself
      Candidate(check, 1, 2),  // "ab" begins "ab: 10" and "ab"
      Candidate(check, 2, 0),  // no start at all
      Candidate(check, 3, 5),  // the whole message: a repeat of row 1
      Candidate(check, 4, 3), Candidate(check, 5, 2),
  };
  Finding written;
  written.check = "table";
  written.location = {"mesh.yaml", 4};
  written.message = "aa: 2";
  candidates.push_back(written);
  Finding elsewhere = Candidate(check, 0, 1);
  elsewhere.location = {"mesh.yaml", 2};
  candidates.push_back(elsewhere);
  std::vector<Finding*> order;
  for (Finding& f : candidates) order.push_back(&f);

  OrderCandidates(context, &order);

  CHECK(Messages(context, order) ==
        std::vector<std::string>{"b: 3", "a", "aa: 2", "ab", "ab: 10", "ab: 9",
                                 "b: 3"});
  CHECK(order.front()->location.line == 2);  // location first
}

TEST_CASE("candidate order: starts that differ leave the messages unwritten") {
  const Model model;
  const GraphAnalysis graph;
  const AnalysisContext context(model, graph);
  const TableCheck check({"c->d: 3", "a->b: 3", "b->c: 9"});
  std::vector<Finding> candidates = {
      Candidate(check, 0, 4), Candidate(check, 1, 4), Candidate(check, 2, 4)};
  std::vector<Finding*> order;
  for (Finding& f : candidates) order.push_back(&f);

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
  std::vector<Finding> candidates;
  for (int i = 0; i < 120000; ++i) {
    Finding f;
    f.check = i % 2 ? "b-check" : "a-check";
    if (i % 6 == 1) f.check = copied_id;
    f.location = {"file-" + std::to_string(i % 97) + ".yaml", 1 + i % 1000};
    f.message = "m";
    candidates.push_back(f);
  }
  std::vector<Finding*> order;
  for (Finding& f : candidates) order.push_back(&f);

  OrderCandidates(context, &order, 2);

  // Repeats dropped: one of each place, check and message.
  std::set<std::tuple<std::string, int, std::string>> distinct;
  for (const Finding& f : candidates)
    distinct.emplace(f.location.file, f.location.line, f.check);
  REQUIRE(order.size() == distinct.size());
  CHECK(distinct.size() == 97000);
  bool ordered = true;
  for (size_t i = 1; i < order.size(); ++i) {
    const Finding& a = *order[i - 1];
    const Finding& b = *order[i];
    if (!(std::tie(a.location, a.check) < std::tie(b.location, b.check)))
      ordered = false;
  }
  CHECK(ordered);
  CHECK(order.front()->location == Location{"file-0.yaml", 1});
  CHECK(order.front()->check == "a-check");
  CHECK(order.back()->location == Location{"file-96.yaml", 1000});
}

}  // namespace
}  // namespace ampcheck
