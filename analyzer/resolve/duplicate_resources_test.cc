#include "analyzer/resolve/duplicate_resources.h"

#include <doctest/doctest.h>

#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

WorkloadFact Orders(const std::string& file, const std::string& payments_url) {
  WorkloadFact w;
  w.kind = "Deployment";
  w.name = "orders";
  w.labels = {{"app", "orders"}};
  w.location = {file, 1};
  EnvVarFact env;
  env.name = "PAYMENTS_URL";
  env.value = payments_url;
  env.location = {file, 9};
  w.env.push_back(env);
  return w;
}

ServiceFact NamedService(const std::string& name, const std::string& file) {
  ServiceFact s;
  s.name = name;
  s.selector = {{"app", name}};
  s.location = {file, 20};
  return s;
}

TEST_CASE("the same resource in two files: the first in path order is used") {
  // Input order is not path order: prod comes first, staging wins.
  FileFacts prod, staging, services;
  prod.file = "deploy/prod/orders.yaml";
  prod.workloads.push_back(Orders(prod.file, "http://payments-v2"));
  staging.file = "deploy/base/orders.yaml";
  staging.workloads.push_back(Orders(staging.file, "http://payments"));
  services.file = "deploy/services.yaml";
  for (const char* name : {"orders", "payments", "payments-v2"})
    services.services.push_back(NamedService(name, services.file));
  ConfigMapFact cm;
  cm.name = "settings";
  cm.location = {prod.file, 30};
  prod.config_maps.push_back(cm);
  cm.location = {staging.file, 30};
  staging.config_maps.push_back(cm);

  Policy policy;
  Model model = Resolve({prod, staging, services}, policy, {});
  // One diagnostic for the pair of files, at the first resource ignored.
  REQUIRE(model.diagnostics.size() == 1);
  CHECK(model.diagnostics[0].location.ToString() ==
        "deploy/prod/orders.yaml:1");
  CHECK(model.diagnostics[0].severity == Severity::kWarning);
  CHECK(model.diagnostics[0].message ==
        "2 resources of this file are also defined in "
        "deploy/base/orders.yaml (ConfigMap default/settings, Deployment "
        "default/orders); the first in path order is used and these are "
        "ignored (alternative trees: name them as environments, "
        "docs/inputs.md)");
  // Only the kept Deployment's call: orders -> payments, not payments-v2.
  REQUIRE(model.calls.size() == 1);
  CHECK(model.services[model.calls[0].from].name == "orders");
  CHECK(model.services[model.calls[0].to].name == "payments");
}

TEST_CASE("same name, other kind or namespace: not a duplicate") {
  FileFacts a;
  a.file = "a.yaml";
  a.workloads.push_back(Orders(a.file, "http://payments"));
  WorkloadFact job = Orders(a.file, "http://payments");
  job.kind = "Job";
  job.location.line = 40;
  a.workloads.push_back(job);
  WorkloadFact other_ns = Orders(a.file, "http://payments");
  other_ns.ns = "shop";
  other_ns.location.line = 80;
  a.workloads.push_back(other_ns);
  Policy policy;
  Model model = Resolve({a}, policy, {});
  CHECK(model.diagnostics.empty());
}

TEST_CASE(
    "an alternative tree is one warning per pair of files, a lone "
    "duplicate names its resource") {
  FileFacts istio, jaeger, other;
  istio.file = "k8s-with-istio/part1.yml";
  jaeger.file = "k8s-with-jaeger/part1.yml";
  other.file = "k8s-with-jaeger/part2.yml";
  int line = 1;
  for (const char* name : {"a", "b", "c", "d", "e"}) {
    ServiceFact s = NamedService(name, "");
    s.location = {istio.file, line};
    istio.services.push_back(s);
    s.location = {jaeger.file, line + 1};
    jaeger.services.push_back(s);
    line += 10;
  }
  ServiceFact lone = NamedService("a", "");
  lone.location = {other.file, 7};
  other.services.push_back(lone);
  Model model = Resolve({istio, jaeger, other}, Policy{}, {});
  REQUIRE(model.diagnostics.size() == 2);
  CHECK(model.diagnostics[0].location.ToString() ==
        "k8s-with-jaeger/part1.yml:2");
  CHECK(model.diagnostics[0].message ==
        "5 resources of this file are also defined in "
        "k8s-with-istio/part1.yml (Service default/a, Service default/b, "
        "Service default/c and 2 more); the first in path order is used and "
        "these are ignored (alternative trees: name them as environments, "
        "docs/inputs.md)");
  CHECK(model.diagnostics[1].message ==
        "Service default/a is also defined at k8s-with-istio/part1.yml:1; the "
        "first in path order is used and this one is ignored");
}

}  // namespace
}  // namespace ampcheck
