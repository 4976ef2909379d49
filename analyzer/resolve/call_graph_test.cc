// Calls from env values read on several threads are those read on one: the
// same calls, evidence and ports, and nodes outside the inputs added in the
// same order.
#include <doctest/doctest.h>

#include <string>

#include "analyzer/resolve/manifest_resolve_test_support.h"

namespace ampcheck {
namespace {

// `services` Deployments in three namespaces, each calling two of the next
// services, a host outside the cluster, a Service the inputs do not declare
// (host and port in two variables), itself, the local host and a connection
// string.
std::string EnvFleet(int services) {
  std::string yaml;
  for (int i = 0; i < services; ++i) {
    const std::string name = "svc-" + std::to_string(i);
    const std::string ns = "team-" + std::to_string(i % 3);
    yaml += "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " + name +
            ", namespace: " + ns +
            "}\nspec:\n  template:\n    spec:\n      containers:\n"
            "      - name: app\n        env:\n";
    for (int k = 1; k <= 2 && i + k < services; ++k) {
      const int to = i + k;
      yaml += "        - {name: DEP" + std::to_string(k) +
              "_URL, value: \"http://svc-" + std::to_string(to) + ".team-" +
              std::to_string(to % 3) + ":8080\"}\n";
    }
    yaml += "        - {name: EXT_URL, value: \"https://api-" +
            std::to_string(i % 40) +
            ".vendor-api.net/v1\"}\n"
            "        - {name: GHOST_HOST, value: ghost-" +
            std::to_string(i % 90) +
            "}\n"
            "        - {name: GHOST_PORT, value: \"9000\"}\n"
            "        - {name: SELF_URL, value: \"http://" +
            name +
            "\"}\n"
            "        - {name: LOCAL_URL, value: \"http://localhost:8080\"}\n"
            "        - {name: DB, value: \"Host=db-" +
            std::to_string(i % 7) + ";Port=5432\"}\n---\n";
    yaml += "apiVersion: v1\nkind: Service\nmetadata: {name: " + name +
            ", namespace: " + ns + "}\nspec: {selector: {app: " + name +
            "}}\n---\n";
  }
  return yaml;
}

std::string Describe(const Model& model) {
  std::string out;
  for (const Service& s : model.services)
    out += s.Key() + " " + s.kind + " " + s.location.ToString() + "\n";
  for (const Call& call : model.calls) {
    out += model.services[call.from].Key() + " -> " +
           model.services[call.to].Key() + "\n";
    for (const Evidence& e : call.evidence)
      out += "  " + e.location.ToString() + " " + e.detail + "\n";
  }
  return out;
}

TEST_CASE("calls: env values read on two threads give the calls of one") {
  // Over 8 blocks of 256 services, so that they are split.
  const std::string yaml = EnvFleet(2100);
  ResolveOptions one;
  ResolveOptions two;
  two.threads = 2;
  Model serial = ResolveYaml(yaml, one);
  Model threaded = ResolveYaml(yaml, two);
  size_t outside = 0;
  for (const Service& s : serial.services) outside += s.external;
  // Nodes outside the inputs: 40 hosts, 90 undeclared Services (ghost-N
  // is only ever named from namespace team-(N % 3)) and 7 databases in each
  // of the 3 namespaces; the local host and a service itself are no calls.
  CHECK(outside == 40 + 90 + 7 * 3);
  CHECK(serial.calls.size() > 2100 * 4);
  CHECK(Describe(threaded) == Describe(serial));
}

}  // namespace
}  // namespace ampcheck
