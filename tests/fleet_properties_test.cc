// Properties that must hold on any fleet, checked on seeded random fleets
// (tests/fleet_generator.h): more retrying layers never lower a product;
// one try everywhere makes every product 1 and no amplification finding;
// names, file order, document order and file splits change nothing but
// names; a second copy of the fleet in another namespace doubles every
// count. A failure names the seed: GenerateFleet(seed) rebuilds the fleet.
#include <doctest/doctest.h>

#include <map>
#include <random>

#include "analyzer/cli/scan.h"
#include "tests/fleet_generator.h"

namespace ampcheck {
namespace {

constexpr uint64_t kFleets = 200;

struct Outcome {
  std::map<std::string, Tries> worst;   // "ns/name" without the suffix
  std::map<std::string, int> findings;  // by check
  size_t services = 0;
  size_t calls = 0;
  size_t diagnostics = 0;
};

std::string WithoutSuffix(const std::string& name, const std::string& suffix) {
  if (!suffix.empty() && name.size() > suffix.size() &&
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
    return name.substr(0, name.size() - suffix.size());
  return name;
}

Outcome Scan(const GeneratedFleet& fleet,
             const std::vector<RenderChoices>& copies) {
  MemoryFileSystem fs;
  std::string policy;
  for (const RenderChoices& c : copies) {
    WriteFleet(fleet, c, "fleet", &fs);
    std::string layers = PolicyFor(fleet, c.ns, c.suffix);
    policy += policy.empty() ? layers : layers.substr(layers.find('\n') + 1);
  }
  ScanOptions options;
  options.inputs = {"fleet"};
  options.jobs = 1;
  options.no_default_rules = true;
  options.render = false;
  if (!policy.empty()) {
    fs.AddFile("policy/.ampcheck.yaml", policy);
    options.config = "policy/.ampcheck.yaml";
  }
  ScanResult result = RunScan(fs, options);
  Outcome out;
  out.services = result.model.services.size();
  out.calls = result.model.calls.size();
  out.diagnostics = result.model.diagnostics.size();
  for (size_t i = 0; i < result.model.services.size(); ++i) {
    const Service& s = result.model.services[i];
    std::string suffix;
    for (const RenderChoices& c : copies) {
      if (c.ns == s.ns) suffix = c.suffix;
    }
    out.worst[s.ns + "/" + WithoutSuffix(s.name, suffix)] =
        result.analysis.graph.worst_paths[i].tries;
  }
  // Each call or path a cause affects: grouping by cause must not change
  // what is affected.
  for (const Finding& f : result.analysis.findings)
    out.findings[std::string(f.check)] += std::max<int>(1, f.affected.size());
  return out;
}

// A declared client layer on one of the fleet's calls, if it has any.
bool AddLayer(GeneratedFleet* fleet, std::mt19937_64* random) {
  std::vector<std::pair<int, int>> calls;
  for (size_t i = 0; i < fleet->services.size(); ++i) {
    for (int to : fleet->services[i].calls)
      calls.push_back({static_cast<int>(i), to});
  }
  if (calls.empty()) return false;
  auto [from, to] = calls[(*random)() % calls.size()];
  fleet->extra_layers.push_back(
      {from, to, 2 + static_cast<int>((*random)() % 3)});
  return true;
}

TEST_CASE("property: adding a retrying layer never lowers a product") {
  for (uint64_t seed = 1; seed <= kFleets; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 random(seed);
    GeneratedFleet fleet = GenerateFleet(seed);
    AddLayer(&fleet, &random);
    Outcome before = Scan(fleet, {RenderChoices{}});
    GeneratedFleet more = fleet;
    if (!AddLayer(&more, &random)) continue;
    Outcome after = Scan(more, {RenderChoices{}});
    REQUIRE(before.worst.size() == after.worst.size());
    for (const auto& [service, tries] : before.worst) {
      CAPTURE(service);
      CHECK_FALSE(after.worst.at(service) < tries);
    }
    // The call's callee is reached through the new layer: its worst path is
    // at least that layer's tries.
    const auto& added = more.extra_layers.back();
    std::string callee = "shop/" + more.services[added.to].name;
    CHECK_FALSE(after.worst.at(callee) <
                Tries::Of(static_cast<uint64_t>(added.tries)));
  }
}

TEST_CASE(
    "property: one try everywhere makes every product 1 and no "
    "amplification finding") {
  for (uint64_t seed = 1; seed <= kFleets; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 random(seed);
    GeneratedFleet fleet = GenerateFleet(seed);
    AddLayer(&fleet, &random);
    for (GeneratedService& s : fleet.services) s.attempts = 0;
    for (auto& layer : fleet.extra_layers) layer.tries = 1;
    Outcome out = Scan(fleet, {RenderChoices{}});
    for (const auto& [service, tries] : out.worst) {
      CAPTURE(service);
      CHECK(tries == Tries::Of(1));
    }
    for (const char* check :
         {"retry-amplification", "undocumented-amplification",
          "implicit-mesh-retry", "retry-without-budget"})
      CHECK(out.findings.count(check) == 0);
  }
}

TEST_CASE(
    "property: names, file and document order and split files change "
    "nothing but names") {
  for (uint64_t seed = 1; seed <= kFleets; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 random(seed);
    GeneratedFleet fleet = GenerateFleet(seed);
    AddLayer(&fleet, &random);
    Outcome plain = Scan(fleet, {RenderChoices{}});
    RenderChoices shuffled;
    shuffled.suffix = "-renamed";
    shuffled.reverse_files = true;
    shuffled.reverse_documents = true;
    shuffled.split_files = seed % 2 == 0;
    Outcome other = Scan(fleet, {shuffled});
    CHECK(other.worst == plain.worst);
    CHECK(other.findings == plain.findings);
    CHECK(other.services == plain.services);
    CHECK(other.calls == plain.calls);
    CHECK(other.diagnostics == plain.diagnostics);
  }
}

TEST_CASE("property: a copy in a second namespace doubles every count") {
  for (uint64_t seed = 1; seed <= kFleets; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 random(seed);
    GeneratedFleet fleet = GenerateFleet(seed);
    AddLayer(&fleet, &random);
    Outcome one = Scan(fleet, {RenderChoices{}});
    RenderChoices second;
    second.ns = "shop2";
    Outcome two = Scan(fleet, {RenderChoices{}, second});
    CHECK(two.services == 2 * one.services);
    CHECK(two.calls == 2 * one.calls);
    for (const auto& [check, count] : one.findings) {
      CAPTURE(check);
      CHECK(two.findings[check] == 2 * count);
    }
    for (const auto& [service, tries] : one.worst) {
      CAPTURE(service);
      CHECK(two.worst.at(service) == tries);
      CHECK(two.worst.at("shop2" + service.substr(4)) == tries);
    }
  }
}

// The worst product to each service computed from the generated fleet
// alone, in plain integers: a call's tries are the callee's mesh tries
// (VirtualService attempts + 1, or the Istio default of 3) times its
// declared layer; a path multiplies its calls; the worst path is the
// largest product (DESIGN.md, "tries multiply along every path").
std::map<std::string, uint64_t> ExpectedWorst(const GeneratedFleet& fleet) {
  size_t n = fleet.services.size();
  std::vector<uint64_t> worst(n, 1);
  for (size_t i = 0; i < n; ++i) {  // calls go to later services only
    for (int to : fleet.services[i].calls) {
      int attempts = fleet.services[to].attempts;
      uint64_t tries = attempts < 0 ? 3 : static_cast<uint64_t>(attempts) + 1;
      for (const auto& layer : fleet.extra_layers) {
        if (layer.from == static_cast<int>(i) && layer.to == to)
          tries *= static_cast<uint64_t>(layer.tries);
      }
      worst[to] = std::max(worst[to], worst[i] * tries);
    }
  }
  std::map<std::string, uint64_t> out;
  for (size_t i = 0; i < n; ++i)
    out["shop/" + fleet.services[i].name] = worst[i];
  return out;
}

TEST_CASE("property: every worst product equals the hand computation") {
  for (uint64_t seed = 1; seed <= kFleets; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 random(seed);
    GeneratedFleet fleet = GenerateFleet(seed);
    AddLayer(&fleet, &random);
    AddLayer(&fleet, &random);
    Outcome out = Scan(fleet, {RenderChoices{}});
    for (const auto& [service, tries] : ExpectedWorst(fleet)) {
      CAPTURE(service);
      REQUIRE(out.worst.count(service));
      CHECK(out.worst.at(service).count() == tries);
    }
  }
}

}  // namespace
}  // namespace ampcheck
