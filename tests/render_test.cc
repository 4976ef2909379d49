// The real render path: the binary on fixtures/render/ with the pinned helm
// and kubectl that tests/render/setup.sh installs, and with no renderer at
// all (PATH emptied).
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/shell.h"

namespace ampcheck {
namespace {

using nlohmann::json;

const std::string kTools =
    std::string(AMPCHECK_SOURCE_DIR) + "/tests/render/bin";

std::string Output(const std::string& command) { return RunShell(command).out; }

// The JSON report of `ampcheck scan ARGS` run with PATH set to `path`.
json Scan(const std::string& path, const std::string& arguments) {
  std::string out =
      Output(std::string("cd ") + AMPCHECK_SOURCE_DIR + " && env PATH='" +
             path + "' " + AMPCHECK_BINARY + " scan " + arguments +
             " --format json --fail-on never 2>/dev/null");
  json report = json::parse(out, nullptr, false);
  REQUIRE_MESSAGE(!report.is_discarded(), out);
  return report;
}

// The pinned programs are there; in CI their absence fails the test.
bool HaveTools() {
  struct stat info;
  bool have = ::stat((kTools + "/helm").c_str(), &info) == 0 &&
              ::stat((kTools + "/kubectl").c_str(), &info) == 0;
  const char* ci = std::getenv("CI");
  if (!have && ci && std::string(ci) == "true")
    FAIL("tests/render/bin lacks helm or kubectl: run tests/render/setup.sh");
  if (!have) MESSAGE("skipped: run tests/render/setup.sh for helm and kubectl");
  return have;
}

const json* Find(const json& items, const std::string& key,
                 const std::string& value) {
  for (const json& item : items) {
    if (item.value(key, "") == value) return &item;
  }
  return nullptr;
}

const json* Call(const json& report, const std::string& from,
                 const std::string& to) {
  for (const json& call : report["calls"]) {
    if (call["from"] == from && call["to"] == to) return &call;
  }
  return nullptr;
}

std::vector<std::string> Messages(const json& report,
                                  const std::string& prefix) {
  std::vector<std::string> out;
  for (const json& d : report["diagnostics"]) {
    std::string message = d.value("message", "");
    if (message.starts_with(prefix))
      out.push_back(d.value("file", "") + ": " + message);
  }
  return out;
}

// The line of `needle` in what helm prints for one template: the line the
// report must give (docs/rendering.md, "Provenance").
int LineInTemplateOutput(const std::string& helm_arguments,
                         const std::string& template_name,
                         const std::string& after, const std::string& needle) {
  std::string out = Output(std::string("cd ") + AMPCHECK_SOURCE_DIR + " && " +
                           kTools + "/helm template " + helm_arguments +
                           " --show-only " + template_name);
  int line = 1;
  size_t from = out.find(after);
  if (from == std::string::npos) return 0;
  for (size_t i = 0; i < from; ++i) line += out[i] == '\n';
  for (size_t i = from; i < out.size(); ++i) {
    if (out.compare(i, needle.size(), needle) == 0) return line;
    if (out[i] == '\n') ++line;
  }
  return 0;
}

TEST_CASE(
    "render: a Helm chart is analysed through helm template, with "
    "template provenance") {
  if (!HaveTools()) return;
  json report = Scan(kTools, "fixtures/render/helm");
  CHECK(Messages(report, "Helm chart").empty());
  CHECK(Messages(report, "unrendered template").empty());
  for (const char* name : {"web", "cart", "inventory"}) {
    const json* service = Find(report["services"], "name", name);
    REQUIRE_MESSAGE(service, name);
    CHECK((*service)["namespace"] == "default");
    CHECK((*service)["file"] ==
          "fixtures/render/helm/deploy/storefront/templates/services.yaml");
  }
  const json* call = Call(report, "web", "cart");
  REQUIRE(call);
  CHECK((*call)["tries"] == 3);  // mesh.attempts 2 in values.yaml
  const json& evidence = (*call)["evidence"][0];
  CHECK(evidence["file"] ==
        "fixtures/render/helm/deploy/storefront/templates/services.yaml");
  CHECK(evidence["line"] ==
        LineInTemplateOutput(
            "storefront fixtures/render/helm/deploy/storefront",
            "templates/services.yaml", "name: web", "- name: UPSTREAM_URL"));
  const json& mesh = (*call)["layers"].back();
  CHECK(mesh["file"] ==
        "fixtures/render/helm/deploy/storefront/templates/routing.yaml");
  CHECK(mesh["line"] == LineInTemplateOutput(
                            "storefront fixtures/render/helm/deploy/storefront",
                            "templates/routing.yaml", "name: cart",
                            "attempts:"));
  REQUIRE(Call(report, "cart", "inventory"));
}

TEST_CASE(
    "render: the policy's values files and namespace are passed to "
    "helm") {
  if (!HaveTools()) return;
  json report = Scan(kTools,
                     "fixtures/render/helm --config "
                     "fixtures/render/helm-prod.ampcheck.yaml");
  const json* service = Find(report["services"], "name", "cart");
  REQUIRE(service);
  CHECK((*service)["namespace"] == "shop");
  const json* call = Call(report, "web", "cart");
  REQUIRE(call);
  CHECK((*call)["tries"] == 5);  // mesh.attempts 4 in values-prod.yaml
}

TEST_CASE(
    "render: kustomize roots are built and resources point at their "
    "definitions") {
  if (!HaveTools()) return;
  json report = Scan(kTools, "fixtures/render/kustomize");
  const json* orders = nullptr;
  for (const json& s : report["services"]) {
    if (s["name"] == "orders" && s["namespace"] == "shop-staging") orders = &s;
  }
  REQUIRE(orders);
  CHECK((*orders)["file"] == "fixtures/render/kustomize/base/orders.yaml");
  CHECK((*orders)["line"] == 19);  // where the Service's document starts
  // Both overlays are built: the prod overlay's component raises attempts
  // to 4 on the base's VirtualService, which is shown at its definition.
  const json* prod = Call(report, "shop-prod/orders", "shop-prod/payments");
  REQUIRE_MESSAGE(prod, report["calls"].dump());
  CHECK((*prod)["tries"] == 5);
  CHECK((*prod)["layers"][0]["file"] ==
        "fixtures/render/kustomize/base/payments.yaml");
  CHECK((*prod)["layers"][0]["line"] == 26);
  const json* staging =
      Call(report, "shop-staging/orders", "shop-staging/payments");
  REQUIRE(staging);
  CHECK((*staging)["tries"] == 2);
  CHECK((*staging)["evidence"][0]["file"] ==
        "fixtures/render/kustomize/base/orders.yaml");
  CHECK((*staging)["evidence"][0]["line"] == 1);
  CHECK(Messages(report, "kustomization not built").empty());
  // staging's strategic-merge patch is read through the build only.
  for (const json& d : report["diagnostics"])
    CHECK(d.value("file", "") !=
          "fixtures/render/kustomize/overlays/staging/orders-replicas.yaml");
}

TEST_CASE(
    "render: without helm a chart is one error with the command to "
    "run") {
  json report = Scan("", "fixtures/render/helm");
  CHECK(Messages(report, "") ==
        std::vector<std::string>{
            "fixtures/render/helm/deploy/storefront/Chart.yaml: Helm chart not "
            "analysed: no helm "
            "program (on PATH, or render.helm in the policy), so its 5 files "
            "were not read. Render it and scan the output: helm template "
            "storefront fixtures/render/helm/deploy/storefront | ampcheck "
            "scan -"});
  CHECK(report["summary"]["services"] == 0);
}

TEST_CASE("render: without kustomize or kubectl each root is one warning") {
  json report = Scan("", "fixtures/render/kustomize");
  std::vector<std::string> messages =
      Messages(report, "kustomization not built");
  REQUIRE(messages.size() == 2);
  CHECK(messages[0].starts_with(
      "fixtures/render/kustomize/overlays/prod/kustomization.yaml: "));
  CHECK(messages[1].starts_with(
      "fixtures/render/kustomize/overlays/staging/kustomization.yaml: "));
  CHECK(messages[1].ends_with(
      "Build it and scan the output: kubectl kustomize "
      "fixtures/render/kustomize/overlays/staging | ampcheck scan -"));
}

}  // namespace
}  // namespace ampcheck
