#include "analyzer/analyze/diff.h"

#include <doctest/doctest.h>

#include "analyzer/cli/scan.h"

namespace ampcheck {
namespace {

ScanResult ScanDisk(const std::string& fleet) {
  ScanOptions options;
  options.inputs = {std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/diff/" +
                    fleet};
  options.working_directory = options.inputs[0];
  options.jobs = 1;
  DiskFileSystem fs;
  return RunScan(fs, options);
}

TEST_CASE("diff: an application retry on top of the mesh default") {
  ScanResult base = ScanDisk("app-retry-on-mesh/base");
  ScanResult head = ScanDisk("app-retry-on-mesh/head");
  FleetDiff diff =
      DiffFleets({base.model, base.analysis}, {head.model, head.analysis});
  REQUIRE(diff.paths.size() == 1);
  const PathChange& change = diff.paths[0];
  CHECK(change.names == std::vector<std::string>{"checkout", "pricing"});
  CHECK(change.before == Tries::Of(3));
  CHECK(change.after == Tries::Of(9));
  REQUIRE(change.layers.size() == 1);
  CHECK(change.layers[0].kind == LayerChangeKind::kAdded);
  CHECK(DescribePathChange(change) ==
        "client retries added at checkout/client.go:41 (3 tries, "
        "hashicorp/go-retryablehttp) on top of the mesh layer (3 tries, Istio "
        "default, no VirtualService for pricing)");
  // The new client multiplies, and backs off without jitter (a note).
  REQUIRE(diff.added.size() == 2);
  CHECK(diff.added[0].check == "retry-without-jitter");
  CHECK(diff.added[1].check == "undocumented-amplification");
  // The new client also sets a timeout (c.HTTPClient.Timeout).
  REQUIRE(diff.fixed.size() == 1);
  CHECK(diff.fixed[0].check == "missing-timeout");
  CHECK(diff.kept == 2);

  // The other way round, the retry is removed and the finding fixed.
  FleetDiff back =
      DiffFleets({head.model, head.analysis}, {base.model, base.analysis});
  REQUIRE(back.paths.size() == 1);
  CHECK(DescribePathChange(back.paths[0]) ==
        "client retries removed (hashicorp/go-retryablehttp, was 3 tries)");
  REQUIRE(back.added.size() == 1);
  CHECK(back.added[0].check == "missing-timeout");
  REQUIRE(back.fixed.size() == 2);
  CHECK(back.fixed[1].check == "undocumented-amplification");
}

TEST_CASE("diff: unrelated files change nothing") {
  ScanResult base = ScanDisk("unrelated-change/base");
  ScanResult head = ScanDisk("unrelated-change/head");
  FleetDiff diff =
      DiffFleets({base.model, base.analysis}, {head.model, head.analysis});
  CHECK(diff.paths.empty());
  CHECK(diff.added.empty());
  CHECK(diff.fixed.empty());
  CHECK(diff.kept == 4);
}

TEST_CASE("diff: a changed count on the same layer is one change") {
  Model before, after;
  for (Model* m : {&before, &after}) {
    for (const char* name : {"a", "b"}) {
      Service service;
      service.name = service.display = name;
      service.ns = "ns";
      m->services.push_back(service);
    }
    Call call;
    call.from = 0;
    call.to = 1;
    m->calls = {call};
  }
  Layer mesh;
  mesh.kind = LayerKind::kMesh;
  mesh.origin = "Istio 1.21 default";
  mesh.tries = Tries::Of(3);
  before.calls[0].layers = {mesh};
  mesh.origin = "VirtualService b";
  mesh.tries = Tries::Of(6);
  mesh.location = {"routing.yaml", 12};
  after.calls[0].layers = {mesh};
  Analysis base = Analyze(before, {});
  Analysis head = Analyze(after, {});
  FleetDiff diff = DiffFleets({before, base}, {after, head});
  REQUIRE(diff.paths.size() == 1);
  CHECK(DescribePathChange(diff.paths[0]) ==
        "mesh retries changed from 3 to 6 tries at routing.yaml:12 (Istio "
        "1.21 default -> VirtualService b)");
}

}  // namespace
}  // namespace ampcheck
