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
  REQUIRE(model.diagnostics.size() == 2);
  CHECK(model.diagnostics[0].location.ToString() ==
        "deploy/prod/orders.yaml:1");
  CHECK(model.diagnostics[0].severity == Severity::kWarning);
  CHECK(model.diagnostics[0].message ==
        "Deployment default/orders is also defined at "
        "deploy/base/orders.yaml:1; the first in path order is used and this "
        "one is ignored");
  CHECK(model.diagnostics[1].location.ToString() ==
        "deploy/prod/orders.yaml:30");
  CHECK(model.diagnostics[1].message ==
        "ConfigMap default/settings is also defined at "
        "deploy/base/orders.yaml:30; the first in path order is used and this "
        "one is ignored");
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

}  // namespace
}  // namespace ampcheck
