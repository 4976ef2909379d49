#include <doctest/doctest.h>

#include "analyzer/resolve/resolver.h"

namespace ampcheck {
namespace {

// One workload "web" in namespace shop whose env holds `values`.
Model ResolveEnv(const std::vector<std::pair<std::string, std::string>>& env) {
  FileFacts file;
  file.file = "deploy.yaml";
  WorkloadFact web;
  web.kind = "Deployment";
  web.name = "web";
  web.ns = "shop";
  web.location = {"deploy.yaml", 1};
  int line = 10;
  for (const auto& [name, value] : env)
    web.env.push_back({name, value, "", "", {"deploy.yaml", line++}});
  file.workloads.push_back(web);
  Policy policy;
  return Resolve({file}, policy, {});
}

const Service* Named(const Model& model, const std::string& name) {
  for (const Service& s : model.services) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

TEST_CASE("external nodes: cluster names, bare names and outside hosts") {
  Model model = ResolveEnv({
      {"PAYMENTS_URL", "http://payments.billing.svc.cluster.local:8080"},
      {"INVENTORY_HOST", "inventory"},
      {"STRIPE_URL", "https://api.stripe.com/v1"},
      {"CACHE_ADDR", "session-cache:6379"},
  });
  const Service* payments = Named(model, "payments");
  REQUIRE(payments != nullptr);
  CHECK(payments->external);
  CHECK(payments->ns == "billing");
  CHECK(payments->external_reason ==
        "a cluster service the inputs do not declare "
        "(payments.billing.svc.cluster.local)");
  const Service* inventory = Named(model, "inventory");
  REQUIRE(inventory != nullptr);
  CHECK(inventory->ns == "shop");
  CHECK(inventory->external_reason ==
        "a cluster service the inputs do not declare (inventory, resolved in "
        "namespace shop)");
  const Service* stripe = Named(model, "api.stripe.com");
  REQUIRE(stripe != nullptr);
  CHECK(stripe->kind == "external host");
  CHECK(stripe->external_reason == "a host outside the cluster");
  const Service* cache = Named(model, "session-cache");
  REQUIRE(cache != nullptr);
  CHECK(cache->tcp_only);
  CHECK(cache->protocol_evidence == "assumed TCP: port 6379 is Redis's");
  CHECK(model.calls.size() == 4);
}

TEST_CASE("external nodes: the local host and non-host words name nothing") {
  Model model = ResolveEnv({
      {"METRICS_URL", "http://localhost:9090"},
      {"LOG_ENDPOINT", "127.0.0.1:4317"},
      {"SERVER_PORT", "8080"},
      {"FEATURE_HOST_CHECK", "true"},
      {"DOCS_URL", "https://github.com/shop/web#readme"},
      {"VERSION_SERVICE", "v0.6.10"},
  });
  CHECK(model.calls.empty());
  CHECK(model.services.size() == 1);
}

}  // namespace
}  // namespace ampcheck
