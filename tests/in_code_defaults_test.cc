// In-code defaults of env lookups, end to end: the default is the call's
// target when the workload does not set the variable, the workload's value
// wins when it does, and the call's evidence says which.
#include <doctest/doctest.h>

#include <string>

#include "analyzer/cli/scan.h"
#include "analyzer/discover/file_system.h"

namespace ampcheck {
namespace {

const Call* FindCall(const Model& model, const std::string& from,
                     const std::string& to) {
  for (const Call& call : model.calls) {
    if (model.services[call.from].name == from &&
        model.services[call.to].name == to)
      return &call;
  }
  return nullptr;
}

std::string EvidenceText(const Call& call) {
  std::string out;
  for (const Evidence& e : call.evidence)
    out += e.location.ToString() + " " + e.detail + "\n";
  return out;
}

TEST_CASE("in-code defaults: unset env uses the default, a set env wins") {
  ScanOptions options;
  options.inputs = {std::string(AMPCHECK_SOURCE_DIR) +
                    "/fixtures/fleets/in-code-defaults"};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  DiskFileSystem disk;
  ScanResult result = RunScan(disk, options);
  const Model& model = result.model;

  const Call* orders = FindCall(model, "frontend", "orders");
  REQUIRE(orders);
  CHECK(EvidenceText(*orders) ==
        "frontend/app.py:6 environment variable (python-environ-call-site): "
        "env ORDERS_URL unset, in-code default http://orders:8080 at "
        "frontend/app.py:6\n");

  const Call* stock = FindCall(model, "cart", "stock");
  REQUIRE(stock);
  CHECK(EvidenceText(*stock) ==
        "deploy.yaml:37 env STOCK_URL=http://stock.shop:8080\n"
        "cart/server.js:2 environment variable (js-process-env-call-site): "
        "env STOCK_URL = http://stock.shop:8080 (deploy.yaml:37) overrides "
        "in-code default http://legacy-stock:8080\n");
  // The default lost: no call to the service it names.
  CHECK(FindCall(model, "cart", "legacy-stock") == nullptr);
}

}  // namespace
}  // namespace ampcheck
