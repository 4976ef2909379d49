#include "analyzer/discover/render_step.h"

#include <doctest/doctest.h>

#include "analyzer/discover/fake_process_runner.h"
#include "analyzer/discover/rendered_documents.h"

namespace ampcheck {
namespace {

const char* kTemplate =
    "apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Values.name }}\n";

MemoryFileSystem ChartRepository() {
  MemoryFileSystem fs;
  fs.AddFile("repo/deploy/web/Chart.yaml", "apiVersion: v2\nname: web\n");
  fs.AddFile("repo/deploy/web/values.yaml", "name: web\n");
  fs.AddFile("repo/deploy/web/templates/service.yaml", kTemplate);
  fs.AddFile("repo/deploy/web/charts/db/Chart.yaml", "name: db\n");
  fs.AddFile("repo/deploy/web/charts/db/templates/db.yaml", kTemplate);
  fs.AddFile("repo/platform.yaml", "apiVersion: v1\nkind: Namespace\n");
  return fs;
}

std::vector<std::string> Displays(const Discovery& discovery) {
  std::vector<std::string> out;
  for (const DiscoveredFile& f : discovery.files) out.push_back(f.display);
  return out;
}

const char* kHelmOutput =
    "---\n"
    "# Source: web/charts/db/templates/db.yaml\n"
    "apiVersion: v1\nkind: Service\nmetadata:\n  name: db\n"
    "---\n"
    "# Source: web/templates/service.yaml\n"
    "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n";

TEST_CASE(
    "a chart is rendered and its templates are read as helm printed "
    "them") {
  MemoryFileSystem fs = ChartRepository();
  Discovery discovery = Discover(fs, {"repo"}, {});
  FakeProcessRunner runner;
  runner.programs["helm"] = "/opt/helm/helm";
  runner.fallback = Printed(kHelmOutput);
  std::vector<Diagnostic> diagnostics;
  RenderDiscoveredInputs(fs, {}, runner, &discovery, &diagnostics);
  CHECK(diagnostics.empty());
  REQUIRE(runner.requests.size() == 1);
  CHECK(runner.requests[0].argv ==
        std::vector<std::string>{"/opt/helm/helm", "template", "web",
                                 AbsolutePath("repo/deploy/web")});
  CHECK(runner.requests[0].timeout_ms == 60000);
  CHECK(Displays(discovery) ==
        std::vector<std::string>{"repo/deploy/web/charts/db/templates/db.yaml",
                                 "repo/deploy/web/templates/service.yaml",
                                 "repo/platform.yaml"});
  REQUIRE(discovery.files[1].content);
  CHECK(*discovery.files[1].content ==
        "---\n# Source: web/templates/service.yaml\napiVersion: v1\nkind: "
        "Service\nmetadata:\n  name: web\n");
  CHECK_FALSE(discovery.files[1].pinned_line);
}

TEST_CASE(
    "without helm a chart is one diagnostic and its files are not "
    "read") {
  MemoryFileSystem fs = ChartRepository();
  Discovery discovery = Discover(fs, {"repo"}, {});
  FakeProcessRunner runner;
  std::vector<Diagnostic> diagnostics;
  RenderDiscoveredInputs(fs, {}, runner, &discovery, &diagnostics);
  CHECK(runner.requests.empty());
  CHECK(Displays(discovery) == std::vector<std::string>{"repo/platform.yaml"});
  CHECK(discovery.skipped["helm chart not rendered"] == 5);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() == "repo/deploy/web/Chart.yaml");
  CHECK(diagnostics[0].severity == Severity::kError);
  CHECK(diagnostics[0].message ==
        "Helm chart not analysed: no helm program (on PATH, or render.helm "
        "in the policy), so its 5 files were not read. Render it and scan "
        "the output: helm template web repo/deploy/web | ampcheck scan -");
}

TEST_CASE("a chart helm cannot render is one diagnostic with helm's error") {
  MemoryFileSystem fs = ChartRepository();
  Discovery discovery = Discover(fs, {"repo"}, {});
  FakeProcessRunner runner;
  runner.programs["helm"] = "/opt/helm/helm";
  runner.fallback = Failed(
      1,
      "Error: found in Chart.yaml, but missing in charts/ directory: redis\n"
      "more detail\n");
  std::vector<Diagnostic> diagnostics;
  RenderDiscoveredInputs(fs, {}, runner, &discovery, &diagnostics);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].message ==
        "Helm chart not analysed: helm template exited with 1: Error: found "
        "in Chart.yaml, but missing in charts/ directory: redis");
  CHECK(Displays(discovery) == std::vector<std::string>{"repo/platform.yaml"});
}

TEST_CASE(
    "the policy names a chart's values, namespace, release and time "
    "limit") {
  MemoryFileSystem fs = ChartRepository();
  Discovery discovery = Discover(fs, {"repo"}, {});
  FakeProcessRunner runner;
  runner.programs["tools/helm"] = "tools/helm";
  runner.fallback = Printed(kHelmOutput);
  RenderSettings settings;
  settings.base_directory = "repo";
  settings.helm = "../tools/helm";
  settings.timeout_ms = 5000;
  runner.programs["repo/../tools/helm"] = "repo/../tools/helm";
  settings.charts.push_back(
      {"deploy/web/", "shop", "prod", {"deploy/web/values-prod.yaml"}, {}});
  settings.charts.push_back({"deploy/gone", "", "", {}, {".ampcheck.yaml", 7}});
  std::vector<Diagnostic> diagnostics;
  RenderDiscoveredInputs(fs, settings, runner, &discovery, &diagnostics);
  REQUIRE(runner.requests.size() == 1);
  CHECK(runner.requests[0].argv ==
        std::vector<std::string>{
            AbsolutePath("tools/helm"), "template", "shop",
            AbsolutePath("repo/deploy/web"), "--namespace", "prod", "--values",
            AbsolutePath("repo/deploy/web/values-prod.yaml")});
  CHECK(runner.requests[0].timeout_ms == 5000);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() == ".ampcheck.yaml:7");
  CHECK(diagnostics[0].message ==
        "policy: render.charts[].path 'deploy/gone' is not a chart directory "
        "(holding Chart.yaml) of this scan");
}

TEST_CASE("a renderer inside a scanned directory is never run") {
  MemoryFileSystem fs = ChartRepository();
  Discovery discovery = Discover(fs, {"repo"}, {});
  FakeProcessRunner runner;
  runner.programs["repo/bin/helm"] = "repo/bin/helm";
  RenderSettings settings;
  settings.base_directory = "repo";
  settings.helm = "bin/helm";
  settings.helm_location = {".ampcheck.yaml", 2};
  std::vector<Diagnostic> diagnostics;
  RenderDiscoveredInputs(fs, settings, runner, &discovery, &diagnostics);
  CHECK(runner.requests.empty());
  REQUIRE(diagnostics.size() == 2);
  CHECK(diagnostics[0].location.ToString() == ".ampcheck.yaml:2");
  CHECK(diagnostics[0].message ==
        "render: program repo/bin/helm is inside a scanned directory; "
        "ampcheck does not run what it scans");
  CHECK(diagnostics[1].message.starts_with("Helm chart not analysed: no helm"));
}

MemoryFileSystem KustomizeRepository() {
  MemoryFileSystem fs;
  fs.AddFile("k/base/kustomization.yaml", "resources: [app.yaml]\n");
  fs.AddFile("k/base/app.yaml",
             "# the app\napiVersion: v1\nkind: Service\nmetadata:\n  name: "
             "app\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  "
             "name: app\n");
  fs.AddFile("k/components/retries/kustomization.yaml",
             "kind: Component\npatches: [{path: vs.yaml}]\n");
  fs.AddFile("k/components/retries/vs.yaml", "kind: VirtualService\n");
  fs.AddFile("k/overlays/prod/kustomization.yaml",
             "resources: [../../base]\ncomponents: [../../components/retries]"
             "\nnamePrefix: prod-\n");
  fs.AddFile("k/overlays/prod/patch.yaml", "kind: Deployment\n");
  fs.AddFile("k/overlays/dev/Kustomization", "bases: [../../base/]\n");
  fs.AddFile("k/loose.yaml", "apiVersion: v1\nkind: Namespace\n");
  return fs;
}

TEST_CASE(
    "kustomization roots are built and each resource is shown at its "
    "definition") {
  MemoryFileSystem fs = KustomizeRepository();
  Discovery discovery = Discover(fs, {"k"}, {});
  FakeProcessRunner runner;
  runner.programs["kubectl"] = "/usr/bin/kubectl";
  runner.results["overlays/prod"] = Printed(
      "apiVersion: v1\nkind: Service\nmetadata:\n  name: prod-app\n---\n"
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings-5f7d\n");
  runner.results["overlays/dev"] = Printed(
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\n");
  std::vector<Diagnostic> diagnostics;
  RenderDiscoveredInputs(fs, {}, runner, &discovery, &diagnostics);
  CHECK(diagnostics.empty());
  REQUIRE(runner.requests.size() == 2);  // the roots only
  CHECK(runner.requests[0].argv ==
        std::vector<std::string>{"/usr/bin/kubectl", "kustomize",
                                 AbsolutePath("k/overlays/dev")});
  CHECK(runner.requests[1].argv[2] == AbsolutePath("k/overlays/prod"));
  std::vector<std::string> shown;
  for (const DiscoveredFile& f : discovery.files) {
    shown.push_back(f.display + ":" +
                    (f.pinned_line ? std::to_string(*f.pinned_line) : "raw"));
  }
  CHECK(shown ==
        std::vector<std::string>{"k/base/app.yaml:2", "k/base/app.yaml:7",
                                 "k/loose.yaml:raw",
                                 "k/overlays/prod/kustomization.yaml:0"});
}

TEST_CASE(
    "without kustomize or kubectl each root is one warning and the "
    "files are read as they are") {
  MemoryFileSystem fs = KustomizeRepository();
  Discovery discovery = Discover(fs, {"k"}, {});
  size_t before = discovery.files.size();
  FakeProcessRunner runner;
  std::vector<Diagnostic> diagnostics;
  RenderDiscoveredInputs(fs, {}, runner, &discovery, &diagnostics);
  // Resources stay; the patches of roots not built are skipped, counted.
  CHECK(discovery.files.size() == before - 2);
  CHECK(discovery.skipped["kustomize patch not applied"] == 2);
  REQUIRE(diagnostics.size() == 2);
  CHECK(diagnostics[0].location.ToString() == "k/overlays/dev/Kustomization");
  CHECK(diagnostics[1].location.ToString() ==
        "k/overlays/prod/kustomization.yaml");
  CHECK(diagnostics[1].severity == Severity::kWarning);
  CHECK(diagnostics[1].message ==
        "kustomization not built: no kustomize or kubectl program (on PATH, "
        "or render.kustomize / render.kubectl in the policy), so its files "
        "are read as they are, without its patches, components and "
        "overlays. Build it and scan the output: kubectl kustomize "
        "k/overlays/prod | ampcheck scan -");
}

TEST_CASE(
    "a kustomization that fails to build is one error, and its files stay "
    "read as they are") {
  MemoryFileSystem fs = KustomizeRepository();
  Discovery discovery = Discover(fs, {"k"}, {});
  FakeProcessRunner runner;
  runner.programs["kustomize"] = "/usr/local/bin/kustomize";
  runner.results["overlays/dev"] =
      Printed("apiVersion: v1\nkind: Service\nmetadata:\n  name: app\n");
  runner.fallback = Failed(1, "Error: json: unknown field \"components\"\n");
  std::vector<Diagnostic> diagnostics;
  RenderDiscoveredInputs(fs, {}, runner, &discovery, &diagnostics);
  REQUIRE(runner.requests.size() == 2);
  CHECK(runner.requests[0].argv ==
        std::vector<std::string>{"/usr/local/bin/kustomize", "build",
                                 AbsolutePath("k/overlays/dev")});
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() ==
        "k/overlays/prod/kustomization.yaml");
  CHECK(diagnostics[0].message ==
        "kustomization not built (its files are read as they are): "
        "kustomize exited with 1: Error: json: unknown field \"components\"");
  // dev was built: base is read through it; prod's patches are skipped.
  std::vector<std::string> shown = Displays(discovery);
  CHECK(shown == std::vector<std::string>{
                     "k/base/app.yaml",
                     "k/components/retries/kustomization.yaml", "k/loose.yaml",
                     "k/overlays/prod/kustomization.yaml"});
  CHECK(discovery.files[0].content);
}

}  // namespace
}  // namespace ampcheck
