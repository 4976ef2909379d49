#include "analyzer/extract/mesh/linkerd_extractor.h"

#include <doctest/doctest.h>

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"

namespace ampcheck {
namespace {

FileFacts Extract(const std::string& yaml) {
  KubernetesExtractor extractor;
  FileFacts facts;
  facts.file = "svc.yaml";
  extractor.Extract({"svc.yaml", "yaml", yaml}, &facts);
  return facts;
}

std::vector<std::string> Messages(const FileFacts& facts) {
  std::vector<std::string> out;
  for (const Diagnostic& d : facts.diagnostics)
    out.push_back(d.location.ToString() + " " + d.message);
  return out;
}

TEST_CASE("linkerd: retry annotations of a Service, each with its line") {
  FileFacts facts = Extract(R"(apiVersion: v1
kind: Service
metadata:
  name: orders
  namespace: shop
  annotations:
    retry.linkerd.io/http: 5xx,502-504
    retry.linkerd.io/grpc: unavailable
    retry.linkerd.io/limit: "2"
    retry.linkerd.io/timeout: 300ms
    timeout.linkerd.io/request: 2s
    other.io/x: y
spec: {selector: {app: orders}}
)");
  CHECK(Messages(facts).empty());
  REQUIRE(facts.linkerd_retries.size() == 1);
  const LinkerdRetryFact& f = facts.linkerd_retries[0];
  CHECK(f.kind == "Service");
  CHECK(f.name == "orders");
  CHECK(f.ns == "shop");
  CHECK(f.retries);
  CHECK(f.limit == 2);
  CHECK(f.http == std::vector<std::string>{"5xx", "502-504"});
  CHECK(f.grpc == std::vector<std::string>{"unavailable"});
  CHECK(f.per_try_timeout == 300);
  CHECK(f.request_timeout == 2000);
  REQUIRE(f.annotations.size() == 5);
  CHECK(f.annotations[2].detail == "retry.linkerd.io/limit: 2");
  CHECK(f.annotations[2].location.ToString() == "svc.yaml:9");
  CHECK(f.location.ToString() == "svc.yaml:7");
}

TEST_CASE("linkerd: malformed annotations are warnings at their line") {
  FileFacts facts = Extract(R"(apiVersion: v1
kind: Service
metadata:
  name: payments
  annotations:
    retry.linkerd.io/limit: two
    retry.linkerd.io/timeout: "5"
    retry.linkerd.io/http: 5xx,teapot
    timeout.linkerd.io/request: soon
    retry.linkerd.io/budget: "20"
)");
  std::vector<std::string> expected = {
      "svc.yaml:6 Service payments: retry.linkerd.io/limit is not a retry "
      "count: 'two'; the default of 1 retry is counted",
      "svc.yaml:7 Service payments: retry.linkerd.io/timeout is not a "
      "duration: '5' (a unit is required: \"5s\"); no per-try timeout is "
      "counted",
      "svc.yaml:8 Service payments: retry.linkerd.io/http has an unknown "
      "condition 'teapot'; ignored",
      "svc.yaml:9 Service payments: timeout.linkerd.io/request is not a "
      "duration: 'soon'; no request timeout is counted",
      "svc.yaml:10 Service payments: unknown annotation "
      "retry.linkerd.io/budget; ignored",
  };
  CHECK(Messages(facts) == expected);
  REQUIRE(facts.linkerd_retries.size() == 1);
  const LinkerdRetryFact& f = facts.linkerd_retries[0];
  CHECK(f.retries);
  CHECK_FALSE(f.limit.has_value());
  CHECK_FALSE(f.per_try_timeout.has_value());
  CHECK(f.http == std::vector<std::string>{"5xx"});
}

TEST_CASE("linkerd: a Service without Linkerd annotations has no fact") {
  FileFacts facts = Extract(
      "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n"
      "  annotations: {linkerd.io/inject: enabled}\n");
  CHECK(facts.linkerd_retries.empty());
  REQUIRE(facts.services.size() == 1);
}

TEST_CASE("linkerd: ServiceProfile routes and retry budget") {
  FileFacts facts = Extract(R"(apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: cart.store.svc.cluster.local, namespace: store}
spec:
  routes:
  - name: GET /cart
    condition: {method: get, pathRegex: /cart}
    isRetryable: true
    timeout: 3s
  - name: POST /checkout
    condition: {method: POST}
    isRetryable: maybe
    timeout: "5"
  retryBudget:
    retryRatio: 0.5
    ttl: 20s
)");
  std::vector<std::string> expected = {
      "svc.yaml:12 ServiceProfile cart.store.svc.cluster.local: isRetryable "
      "is not true or false: 'maybe'; read as false",
      "svc.yaml:13 ServiceProfile cart.store.svc.cluster.local: route timeout "
      "is not a duration: '5'; ignored",
  };
  CHECK(Messages(facts) == expected);
  CHECK(facts.skipped_documents == 0);
  REQUIRE(facts.service_profiles.size() == 1);
  const ServiceProfileFact& p = facts.service_profiles[0];
  CHECK(p.name == "cart.store.svc.cluster.local");
  CHECK(p.ns == "store");
  REQUIRE(p.routes.size() == 2);
  CHECK(p.routes[0].method == "GET");
  CHECK(p.routes[0].retryable);
  CHECK(p.routes[0].timeout == 3000);
  CHECK(p.routes[0].location.line == 6);
  CHECK_FALSE(p.routes[1].retryable);
  CHECK_FALSE(p.routes[1].timeout.has_value());
  CHECK(p.has_budget_block);
  CHECK(p.retry_ratio == 0.5);
  CHECK(p.min_retries_per_second == 0);  // omitted in a present block
  CHECK(p.ttl == 20000);
  CHECK(p.budget_location.line == 15);
}

}  // namespace
}  // namespace ampcheck
