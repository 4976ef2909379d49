#include "tests/fleet_generator.h"

#include <algorithm>
#include <random>

namespace ampcheck {

GeneratedFleet GenerateFleet(uint64_t seed) {
  std::mt19937_64 random(seed);
  auto below = [&](int n) { return static_cast<int>(random() % n); };
  GeneratedFleet fleet;
  fleet.seed = seed;
  int count = 2 + below(9);
  for (int i = 0; i < count; ++i) {
    GeneratedService s;
    s.name = "svc" + std::to_string(i);
    s.attempts = below(3) == 0 ? -1 : below(5);
    fleet.services.push_back(s);
  }
  for (int i = 0; i + 1 < count; ++i) {
    int calls = below(3);
    for (int k = 0; k < calls; ++k) {
      int to = i + 1 + below(count - i - 1);
      auto& list = fleet.services[i].calls;
      if (std::find(list.begin(), list.end(), to) == list.end())
        list.push_back(to);
    }
  }
  return fleet;
}

namespace {

std::string Workload(const GeneratedFleet& fleet, const GeneratedService& s,
                     const RenderChoices& c) {
  std::string name = s.name + c.suffix;
  std::string out =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " + name +
      ", namespace: " + c.ns +
      "}\nspec:\n  selector: {matchLabels: {app: " + name +
      "}}\n  template:\n    metadata: {labels: {app: " + name +
      "}}\n    spec:\n      containers:\n      - name: " + name +
      "\n        image: registry.example.com/" + name + ":1\n";
  if (!s.calls.empty()) {
    out += "        env:\n";
    for (int to : s.calls) {
      std::string callee = fleet.services[to].name + c.suffix;
      std::string key = callee;
      std::transform(key.begin(), key.end(), key.begin(), ::toupper);
      out += "        - {name: " + key + "_URL, value: \"http://" + callee +
             ":8080\"}\n";
    }
  }
  return out;
}

std::string ServiceDocument(const GeneratedService& s, const RenderChoices& c) {
  std::string name = s.name + c.suffix;
  return "apiVersion: v1\nkind: Service\nmetadata: {name: " + name +
         ", namespace: " + c.ns + "}\nspec: {selector: {app: " + name +
         "}, ports: [{name: http, port: 8080}]}\n";
}

std::string Route(const GeneratedService& s, const RenderChoices& c) {
  std::string name = s.name + c.suffix;
  // Istio rejects attempts 0 beside other retry fields: alone, it turns
  // retries off.
  std::string retries = s.attempts == 0
                            ? "{attempts: 0}"
                            : "{attempts: " + std::to_string(s.attempts) +
                                  ", perTryTimeout: 1s, retryOn: 5xx}";
  return "apiVersion: networking.istio.io/v1\nkind: VirtualService\n"
         "metadata: {name: " +
         name + ", namespace: " + c.ns + "}\nspec:\n  hosts: [" + name +
         "]\n  http:\n  - route:\n    - destination: {host: " + name +
         "}\n    retries: " + retries + "\n";
}

std::string Join(const std::vector<std::string>& documents) {
  std::string out;
  for (size_t i = 0; i < documents.size(); ++i)
    out += (i ? "---\n" : "") + documents[i];
  return out;
}

}  // namespace

void WriteFleet(const GeneratedFleet& fleet, const RenderChoices& choices,
                const std::string& root, MemoryFileSystem* fs) {
  fs->AddFile(root + "/namespace-" + choices.ns + ".yaml",
              "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " +
                  choices.ns + "\n  labels: {istio-injection: enabled}\n");
  for (size_t i = 0; i < fleet.services.size(); ++i) {
    const GeneratedService& s = fleet.services[i];
    std::vector<std::string> documents = {Workload(fleet, s, choices),
                                          ServiceDocument(s, choices)};
    if (s.attempts >= 0) documents.push_back(Route(s, choices));
    if (choices.reverse_documents)
      std::reverse(documents.begin(), documents.end());
    size_t order = choices.reverse_files ? fleet.services.size() - i : i;
    std::string base = root + "/" + choices.ns + "-" +
                       std::to_string(1000 + order) + "-" + s.name;
    if (choices.split_files) {
      fs->AddFile(base + "-a.yaml", documents[0]);
      fs->AddFile(base + "-b.yaml",
                  Join({documents.begin() + 1, documents.end()}));
    } else {
      fs->AddFile(base + ".yaml", Join(documents));
    }
  }
}

std::string PolicyFor(const GeneratedFleet& fleet, const std::string& ns,
                      const std::string& suffix) {
  if (fleet.extra_layers.empty()) return "";
  std::string out = "layers:\n";
  for (const GeneratedFleet::ExtraLayer& l : fleet.extra_layers) {
    out += "- service: " + ns + "/" + fleet.services[l.from].name + suffix +
           "\n  target: " + ns + "/" + fleet.services[l.to].name + suffix +
           "\n  kind: client\n  tries: " + std::to_string(l.tries) +
           "\n  origin: generated wrapper\n";
  }
  return out;
}

namespace {

std::string SyntheticName(int i) { return "svc-" + std::to_string(i); }

}  // namespace

std::vector<FileFacts> SyntheticGraphFleet(int services, int calls_each) {
  constexpr int kTiers = 8;
  FileFacts f;
  f.file = "fleet.yaml";
  f.kind = "yaml";
  f.namespaces.push_back(
      {"fleet", {{"istio-injection", "enabled"}}, {"fleet.yaml", 1}, {}});
  uint64_t state = 7;
  for (int i = 0; i < services; ++i) {
    WorkloadFact w;
    w.kind = "Deployment";
    w.name = SyntheticName(i);
    w.ns = "fleet";
    w.labels = {{"app", SyntheticName(i)}};
    w.location = {"fleet.yaml", 10 + i};
    for (int k = 0; k < calls_each; ++k) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      int tier = i % kTiers;
      int next = (state >> 40) % 100 == 0 ? std::max(0, tier - 1)
                                          : std::min(kTiers - 1, tier + 1);
      if (next == tier) continue;  // the last tier calls nobody
      int per_tier = services / kTiers;
      int to = static_cast<int>(((state >> 33) % per_tier) * kTiers + next);
      w.env.push_back(
          {"DEP" + std::to_string(k) + "_URL",
           "http://" + SyntheticName(to) + ".fleet.svc.cluster.local:8080",
           "",
           "",
           {"fleet.yaml", 10 + i}});
    }
    f.workloads.push_back(std::move(w));
    ServiceFact service;
    service.name = SyntheticName(i);
    service.ns = "fleet";
    service.selector = {{"app", SyntheticName(i)}};
    service.ports = {8080};
    service.location = {"fleet.yaml", 5};
    f.services.push_back(std::move(service));
  }
  return {f};
}

}  // namespace ampcheck
