#include "analyzer/analyze/causes.h"

#include <doctest/doctest.h>

#include <set>

#include "analyzer/analyze/analyzer.h"
#include "analyzer/analyze/fold.h"

namespace ampcheck {
namespace {

// The causes these tests' findings name.
CauseNames& TestCauses() {
  static CauseNames names;
  return names;
}

Finding Made(const char* check, const std::string& cause,
             std::vector<std::string> path, long long tries, int line) {
  Finding f;
  f.check = check;
  f.cause = TestCauses().Of(cause);
  f.path = std::move(path);
  f.tries = Tries::Of(tries);
  f.bounded = static_cast<double>(tries);
  f.location = {"policy.yaml", line};
  f.message = f.path.front() + "->" + f.path.back() + ": " +
              std::to_string(tries) + " tries";
  f.identity = std::string(check) + "|" + f.path.front() + "->" + f.path.back();
  f.unit = "path";
  return f;
}

TEST_CASE("causes: one finding per cause, the worst leads, all listed") {
  std::vector<Finding> in;
  in.push_back(
      Made("retry-amplification", "layer|wrapper|shop/a", {"a", "b"}, 12, 3));
  in.push_back(
      Made("retry-amplification", "layer|wrapper|shop/a", {"a", "c"}, 27, 9));
  in.push_back(
      Made("retry-amplification", "layer|other|shop/d", {"d", "b"}, 16, 4));
  in.push_back(
      Made("missing-timeout", "layer|wrapper|shop/a", {"a", "b"}, 12, 3));
  std::vector<Finding> out = GroupByCause(std::move(in));
  REQUIRE(out.size() == 3);
  const Finding& lead = out[0];
  CHECK(lead.location.line == 9);
  CHECK(lead.message == "a->c: 27 tries; and 1 more path from the same cause");
  CHECK(lead.identity == "retry-amplification|cause|layer|wrapper|shop/a");
  REQUIRE(lead.affected.size() == 2);
  CHECK(lead.affected[0].text().identity == "retry-amplification|a->c");
  CHECK(lead.affected[1].text().identity == "retry-amplification|a->b");
  CHECK(lead.affected[1].text().message == "a->b: 12 tries");
  // Alone under its cause: its own message, the cause's identity.
  CHECK(out[1].message == "d->b: 16 tries");
  CHECK(out[1].identity == "retry-amplification|cause|layer|other|shop/d");
  CHECK(out[1].affected.size() == 1);
  // Another check with the same cause text is another cause.
  CHECK(out[2].check == "missing-timeout");
  const Model model;
  const GraphAnalysis graph;
  CHECK(Identities(AnalysisContext(model, graph), lead) ==
        std::vector<std::string>{
            "retry-amplification|cause|layer|wrapper|shop/a",
            "retry-amplification|a->c", "retry-amplification|a->b"});
}

TEST_CASE("causes: no cause, no grouping") {
  std::vector<Finding> in;
  in.push_back(Made("retry-cycle", "", {"a", "b"}, 3, 1));
  in.push_back(Made("retry-cycle", "", {"b", "a"}, 3, 2));
  std::vector<Finding> out = GroupByCause(std::move(in));
  REQUIRE(out.size() == 2);
  CHECK(out[0].affected.empty());
  CHECK(out[0].identity == "retry-cycle|a->b");
}

TEST_CASE("causes: groups made on two threads are those made on one") {
  // Causes of many sizes, members with equal numbers (report order breaks
  // the tie) and some with no cause; enough candidates (105,000) to be read
  // in parts.
  constexpr int kCount = 105000;
  auto make = [] {
    std::vector<Finding> in;
    for (int i = 0; i < kCount; ++i) {
      std::string cause = i % 7 == 0 ? "" : "layer|c" + std::to_string(i % 13);
      in.push_back(Made(i % 2 ? "retry-amplification" : "missing-timeout",
                        cause, {"s" + std::to_string(i), "t"}, 3 + i % 5, i));
    }
    return in;
  };
  std::vector<Candidate> one, two;
  for (Finding& f : make()) one.push_back(AsCandidate(std::move(f)));
  for (Finding& f : make()) two.push_back(AsCandidate(std::move(f)));
  std::vector<Candidate*> one_pointers, two_pointers;
  for (Candidate& c : one) one_pointers.push_back(&c);
  for (Candidate& c : two) two_pointers.push_back(&c);
  std::vector<Finding> by_one = GroupByCause(one_pointers, 1);
  std::vector<Finding> by_two = GroupByCause(two_pointers, 2);
  REQUIRE(by_one.size() == by_two.size());
  CHECK(by_one.size() == (kCount + 6) / 7 + 2 * 13);
  for (size_t i = 0; i < by_one.size(); ++i) {
    INFO(i);
    CHECK(by_one[i].message == by_two[i].message);
    CHECK(by_one[i].identity == by_two[i].identity);
    REQUIRE(by_one[i].affected.size() == by_two[i].affected.size());
    for (size_t k = 0; k < by_one[i].affected.size(); ++k)
      CHECK(by_one[i].affected[k].text().identity ==
            by_two[i].affected[k].text().identity);
  }
}

TEST_CASE("causes: a cause of many blocks lists all, and folds in order") {
  // More members than are moved at once: every one listed, worst first, and
  // the folded checks in the order their members come, on one thread or two.
  for (int threads : {1, 2}) {
    INFO(threads);
    std::vector<Candidate> candidates;
    for (int i = 0; i < 20000; ++i) {
      Finding f = Made("retry-amplification", "layer|shared",
                       {"s" + std::to_string(i), "t"}, 30000 - i, i + 1);
      if (i == 5) f.folded_checks = {"missing-timeout"};
      if (i == 12000) f.folded_checks = {"retry-cycle"};
      if (i == 19000)
        f.folded_checks = {"implicit-mesh-retry", "missing-timeout"};
      candidates.push_back(AsCandidate(std::move(f)));
    }
    std::vector<Candidate*> pointers;
    for (Candidate& c : candidates) pointers.push_back(&c);
    std::vector<Finding> out = GroupByCause(pointers, threads);
    REQUIRE(out.size() == 1);
    CHECK(out[0].message ==
          "s0->t: 30000 tries; and 19999 more paths from the same cause");
    CHECK(out[0].folded_checks ==
          std::vector<std::string>{"missing-timeout", "retry-cycle",
                                   "implicit-mesh-retry"});
    REQUIRE(out[0].affected.size() == 20000);
    for (int i = 0; i < 20000; ++i) {
      if (out[0].affected[i].text().identity !=
          "retry-amplification|s" + std::to_string(i) + "->t")
        FAIL_CHECK("entry " << i << " is out of place");
    }
  }
}

TEST_CASE("causes: over the limit and undocumented on one path is one") {
  std::vector<Finding> in;
  in.push_back(Made("retry-amplification", "x", {"a", "b", "c"}, 27, 3));
  Finding undocumented =
      Made("undocumented-amplification", "x", {"a", "b", "c"}, 27, 3);
  undocumented.message =
      "path a -> b -> c: 27 tries per request from 3 retrying layers (3 mesh "
      "x 3 client x 3 mesh); nothing declares the owner and maximum";
  in.push_back(undocumented);
  // Another path, under the limit: stays a finding of its own.
  in.push_back(Made("undocumented-amplification", "x", {"a", "b"}, 9, 3));
  const Model model;
  const GraphAnalysis graph;
  FoldUndocumentedIntoAmplification(AnalysisContext(model, graph), &in);
  REQUIRE(in.size() == 2);
  CHECK(in[0].message ==
        "a->c: 27 tries; 3 retrying layers (3 mesh x 3 client x 3 mesh); "
        "nothing declares the owner and maximum");
  CHECK(in[0].folded_checks ==
        std::vector<std::string>{"undocumented-amplification"});
  CHECK(in[1].check == "undocumented-amplification");
  CHECK(in[1].path == std::vector<std::string>{"a", "b"});
}

TEST_CASE("causes: paths folded on two threads are those folded on one") {
  // 9,000 services, each calling the next three, and a second call from each
  // to the next (another evidence line): two calls, one path of services.
  // 108,000 candidates, enough to be read in parts on two threads.
  constexpr int kServices = 9000;
  Model model;
  for (int i = 0; i < kServices; ++i) {
    Service service;
    service.name = "s" + std::to_string(i);
    model.services.push_back(service);
  }
  for (int i = 0; i < kServices; ++i) {
    for (int step : {1, 2, 3, 1}) {
      Call call;
      call.from = i;
      call.to = (i + step) % kServices;
      model.calls.push_back(call);
    }
  }
  const GraphAnalysis graph = AnalyzeGraph(model);
  const AnalysisContext context(model, graph);
  const Check* amplification = nullptr;
  const Check* undocumented = nullptr;
  for (const auto& check : AllChecks()) {
    if (std::string(check->id()) == "retry-amplification")
      amplification = check.get();
    if (std::string(check->id()) == "undocumented-amplification")
      undocumented = check.get();
  }
  // Over the limit on paths of one or two calls from every other call;
  // undocumented on every call's path and every two-call path, some through
  // the second call between the same services.
  auto make = [&] {
    std::vector<Candidate> in;
    const int calls = static_cast<int>(model.calls.size());
    for (int c = 0; c < calls; ++c) {
      const int next = 4 * model.calls[c].to + c % 3;
      for (auto [check, pending] :
           {std::pair{amplification, std::vector<int>{c}},
            std::pair{undocumented, std::vector<int>{c}},
            std::pair{amplification, std::vector<int>{c, next}},
            std::pair{undocumented, std::vector<int>{c, next}}}) {
        if (check == amplification && c % 2 == 1) continue;
        Candidate f;
        f.check = check->id();
        f.spelling.check = check;
        f.pending_calls = pending;
        in.push_back(std::move(f));
      }
    }
    return in;
  };
  std::vector<Candidate> one = make(), two = make();
  // Folded: the undocumented paths whose services some over-the-limit path
  // has (the first call's caller, then each callee).
  std::set<std::vector<int>> over_limit;
  for (const Candidate& f : one) {
    if (f.spelling.check == amplification)
      over_limit.insert(PathServices(context.graph, f.pending_calls));
  }
  size_t expected = 0;
  // Two calls between the same services fold into one path's finding, whose
  // text appends the folded check's once.
  std::set<std::vector<int>> folded_paths;
  for (const Candidate& f : one) {
    if (f.spelling.check != undocumented) continue;
    std::vector<int> services = PathServices(context.graph, f.pending_calls);
    if (!over_limit.count(services)) continue;
    ++expected;
    folded_paths.insert(std::move(services));
  }
  std::vector<Candidate*> by_one, by_two;
  for (Candidate& f : one) by_one.push_back(&f);
  for (Candidate& f : two) by_two.push_back(&f);
  REQUIRE(by_one.size() >= 100000);
  FoldUndocumentedIntoAmplification(context, &by_one, 1);
  FoldUndocumentedIntoAmplification(context, &by_two, 2);
  REQUIRE(by_one.size() == by_two.size());
  CHECK(expected > 900);  // 3 one-call paths of 4 per service, and more
  CHECK(by_one.size() == one.size() - expected);
  size_t folded = 0;
  for (size_t i = 0; i < by_one.size(); ++i) {
    INFO(i);
    CHECK(by_one[i] - one.data() == by_two[i] - two.data());
    CHECK(FoldedChecks(by_one[i]->spelling) ==
          FoldedChecks(by_two[i]->spelling));
    folded += FoldedChecks(by_one[i]->spelling).size();
  }
  CHECK(folded == folded_paths.size());
  CHECK(folded < expected);  // some paths had two calls folded into them
}

// frontend -> orders through the mesh's default (3 tries, no file), then a
// shared client wrapper (app.java:5, 3 tries) on orders -> pricing and
// orders -> stock; the limit is 4 tries.
Model WrappedFleet() {
  Model model;
  for (const char* name : {"frontend", "orders", "pricing", "stock"}) {
    Service service;
    service.name = name;
    service.ns = "shop";
    service.kind = "Deployment";
    model.services.push_back(service);
  }
  Layer mesh;
  mesh.kind = LayerKind::kMesh;
  mesh.provenance = Provenance::kMeshDefault;
  mesh.tries = Tries::Of(3);
  mesh.origin = "Istio default";
  mesh.detail = "Istio default: 2 retries";
  mesh.retry_on = {"connect-failure", "refused-stream", "unavailable"};
  Layer wrapper;
  wrapper.tries = Tries::Of(3);
  wrapper.origin = "wrapper";
  wrapper.detail = "3 tries";
  wrapper.location = {"app.java", 5};
  for (auto [from, to, layer] :
       {std::tuple{0, 1, mesh}, std::tuple{1, 2, wrapper},
        std::tuple{1, 3, wrapper}}) {
    Call call;
    call.from = from;
    call.to = to;
    call.layers = {layer};
    model.calls.push_back(call);
  }
  model.max_tries = 4;
  model.Finalize();
  return model;
}

const Finding* Find(const Analysis& analysis, const std::string& check) {
  for (const Finding& f : analysis.findings) {
    if (f.check == check) return &f;
  }
  return nullptr;
}

TEST_CASE("causes: text a check leaves unwritten is written when printed") {
  const Model model = WrappedFleet();
  const Analysis analysis = Analyze(model, {});
  const AnalysisContext context(model, analysis.graph);
  const Finding* over = Find(analysis, "retry-amplification");
  REQUIRE(over);
  const std::string own =
      "path frontend -> orders -> pricing: 9 tries per request exceeds the "
      "limit of 4 (limits.max_tries); 2 retrying layers (3 mesh x 3 client); "
      "nothing declares the owner and maximum";
  CHECK(over->message == own + "; and 1 more path from the same cause");
  CHECK(over->location == Location{"app.java", 5});
  CHECK(over->path ==
        std::vector<std::string>{"frontend", "orders", "pricing"});
  CHECK(over->identity ==
        "retry-amplification|cause|layer|wrapper|shop/orders");
  CHECK(over->folded_checks ==
        std::vector<std::string>{"undocumented-amplification"});
  CHECK(Find(analysis, "undocumented-amplification") == nullptr);
  REQUIRE(over->affected.size() == 2);
  // The lead's own entry says what the finding said before it was grouped.
  const AffectedText first = context.Spelled(over->affected[0]);
  CHECK(first.message == own);
  CHECK(first.identity == "retry-amplification|frontend>orders>pricing");
  const AffectedText second = context.Spelled(over->affected[1]);
  CHECK(second.message ==
        "path frontend -> orders -> stock: 9 tries per request exceeds the "
        "limit of 4 (limits.max_tries); 2 retrying layers (3 mesh x 3 "
        "client); nothing declares the owner and maximum");
  CHECK(second.path == std::vector<std::string>{"frontend", "orders", "stock"});
  CHECK(second.identity == "retry-amplification|frontend>orders>stock");
  CHECK(second.folded_checks ==
        std::vector<std::string>{"undocumented-amplification"});
  CHECK(over->affected[1].location == Location{"app.java", 5});
  CHECK(Identities(context, *over) ==
        std::vector<std::string>{
            "retry-amplification|cause|layer|wrapper|shop/orders",
            "retry-amplification|frontend>orders>pricing",
            "retry-amplification|frontend>orders>stock"});
  // Calls: the mesh default's own cause (no location: listed first), the
  // wrapper's two calls another.
  std::vector<std::string> missing;
  for (const Finding& f : analysis.findings) {
    if (f.check == "missing-timeout") missing.push_back(f.message);
  }
  CHECK(missing ==
        std::vector<std::string>{
            "frontend->orders: 3 tries and no timeout at any layer; hold time "
            "is unbounded",
            "orders->pricing: 3 tries and no timeout at any layer; hold time "
            "is unbounded; and 1 more call from the same cause"});
  const Finding* implicit = Find(analysis, "implicit-mesh-retry");
  REQUIRE(implicit);
  CHECK(implicit->message ==
        "frontend->orders: Istio default: 2 retries; no file sets it");
  CHECK(implicit->identity ==
        "implicit-mesh-retry|cause|mesh-default|Istio default|3");
}

TEST_CASE("causes: every check can be folded, and folded checks list once") {
  // A bit each in Spelling::folded.
  REQUIRE(AllChecks().size() <= sizeof(Spelling::folded) * 8);
  Spelling spelling;
  CHECK(FoldedChecks(spelling).empty());
  const Check* last = AllChecks().back().get();
  const Check* first = AllChecks().front().get();
  AddFolded(last, &spelling);
  AddFolded(first, &spelling);
  AddFolded(last, &spelling);
  CHECK(FoldedChecks(spelling) == std::vector<const Check*>{first, last});
}

}  // namespace
}  // namespace ampcheck
