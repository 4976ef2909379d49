// A repository's YAML as a scan sees it: manifests are read, other YAML and
// kustomize files are counted in the summary, not diagnosed.
#include <doctest/doctest.h>

#include <sstream>

#include "analyzer/base/strings.h"
#include "analyzer/cli/scan.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

TEST_CASE("kustomize files and other YAML are counted in the summary line") {
  MemoryFileSystem fs;
  fs.AddFile("repo/deploy/base/kustomization.yaml",
             "apiVersion: kustomize.config.k8s.io/v1beta1\n"
             "kind: Kustomization\nresources: [web.yaml]\n");
  fs.AddFile("repo/deploy/overlays/prod/kustomization.yml",
             "resources: [../../base]\n");
  fs.AddFile("repo/deploy/components/cache/component.yaml",
             "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n");
  fs.AddFile("repo/deploy/base/web.yaml",
             "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n"
             "spec: {template: {metadata: {labels: {app: web}}}}\n");
  fs.AddFile("repo/releasenotes/notes/fix.yaml",
             "apiVersion: release-notes/v2\nkind: bug-fix\narea: networking\n");
  // docker-compose files are read as compose topology; OpenAPI is other YAML.
  fs.AddFile("repo/api/openapi.yaml",
             "openapi: 3.0.0\ninfo: {title: web, version: '1'}\npaths: {}\n");
  ScanOptions options;
  options.inputs = {"repo"};
  options.jobs = 1;
  options.render = false;  // in-memory files: no renderer could read them
  ScanResult result = RunScan(fs, options);
  // The root not built is one warning; the base and component are not.
  REQUIRE(result.model.diagnostics.size() == 1);
  CHECK(result.model.diagnostics[0].location.ToString() ==
        "repo/deploy/overlays/prod/kustomization.yml");
  CHECK(result.model.diagnostics[0].message.starts_with(
      "kustomization not built: rendering is off (--no-render), so its files "
      "are read as they are"));
  CHECK(result.model.skipped_documents == 2);
  CHECK(result.model.skipped_files.at("kustomize files") == 3);
  std::ostringstream text;
  MakeTextReporter()->Render(result.model, result.analysis, {}, text);
  CHECK(EndsWith(text.str(),
                 "6 files, 1 service, 0 calls: 0 findings (0 errors, 0 "
                 "warnings, 0 notes), 1 input problem; 2 YAML documents "
                 "were not manifests; 3 kustomize files skipped\n"));
}

}  // namespace
}  // namespace ampcheck
