#include "tests/fuzz/fuzz_entry.h"

#include <unistd.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "analyzer/analyze/baseline.h"
#include "analyzer/cli/facts_bundle.h"
#include "analyzer/cli/scan.h"
#include "analyzer/discover/discover.h"
#include "analyzer/discover/file_system.h"
#include "analyzer/extract/rules_directory.h"
#include "analyzer/extract/source/grpc_service_config.h"
#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/rule_loader.h"
#include "analyzer/report/reporter.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

// A fleet with one call (web -> orders) that every scan-based input is
// placed next to: whatever the input holds, that call must survive.
const char* kGoodFleet = R"(apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {istio-injection: enabled}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        env: [{name: ORDERS_URL, value: "http://orders"}]
---
apiVersion: v1
kind: Service
metadata: {name: orders, namespace: shop}
spec: {ports: [{port: 80}]}
)";

// File names a target chooses from by the first byte of the input.
const std::map<std::string, std::vector<std::string>>& KindsByTarget() {
  static const std::map<std::string, std::vector<std::string>> kinds = {
      {"source",
       {"main.go", "Main.java", "Main.kt", "main.py", "main.js", "main.ts",
        "main.tsx", "Program.cs"}},
      {"app_config",
       {"application.yml", "application.properties", "bootstrap.yml",
        "application-prod.yaml"}},
      {"build_markers",
       {"pom.xml", "package.json", "go.mod", "orders.csproj", "pyproject.toml",
        "setup.py"}},
  };
  return kinds;
}

// The name the other targets scan their input as.
std::string FixedName(const std::string& target) {
  if (target == "policy") return ".ampcheck.yaml";
  if (target == "facts") return "facts.json";
  if (target == "baseline") return "baseline.json";
  if (target == "grpc_service_config") return "service_config.json";
  if (target == "rules") return "rule.yaml";
  if (target == "nginx") return "nginx.conf";
  if (target == "envoy") return "envoy.yaml";
  return "manifest.yaml";
}

std::string Lines(const std::vector<Diagnostic>& diagnostics) {
  std::string text;
  for (const Diagnostic& d : diagnostics)
    text += d.location.ToString() + ": " + d.message + "\n";
  return text;
}

std::string BaseFileName(const std::string& path) {
  return fs::path(path).filename().string();
}

// The caller is workload shop/web's node: named web, or after a Service the
// input adds that selects it (a Service `api` with selector app: web), which
// keeps web as an alias.
bool IsWeb(const Service& service) {
  return service.ns == "shop" &&
         (service.name == "web" ||
          std::find(service.aliases.begin(), service.aliases.end(), "web") !=
              service.aliases.end());
}

bool HasGoodCall(const Model& model) {
  int orders = model.Find("shop", "orders");
  return std::any_of(model.calls.begin(), model.calls.end(),
                     [&](const Call& call) {
                       return call.from >= 0 && call.to == orders &&
                              IsWeb(model.services[call.from]);
                     });
}

// The input at fleet/<path> next to the good fleet, scanned as `ampcheck
// scan fleet` does (the shipped source rules left out: the source target
// runs them), then rendered by every JSON writer. Another file may add calls
// but must not lose the good one; a policy may (it can exclude files).
FuzzOutcome ScanNextToGoodFleet(const std::string& path,
                                const std::string& content,
                                bool keeps_good_call = true) {
  MemoryFileSystem memory;
  memory.AddFile("fleet/good.yaml", kGoodFleet);
  memory.AddFile("fleet/" + path, content);
  ScanOptions options;
  options.inputs = {"fleet"};
  options.jobs = 1;
  options.render = false;
  options.no_default_rules = true;
  ScanResult result = RunScan(memory, options);
  FuzzOutcome outcome;
  outcome.diagnostics = Lines(result.model.diagnostics);
  if (keeps_good_call && !HasGoodCall(result.model))
    outcome.broken.push_back("the good fleet's call web -> orders was lost");
  for (const char* format : {"json", "sarif", "codequality"}) {
    std::ostringstream out;
    try {
      MakeReporter(format)->Render(result.model, result.analysis,
                                   ReportOptions{}, out);
    } catch (const std::exception& e) {
      outcome.broken.push_back(std::string("the ") + format +
                               " reporter threw: " + e.what());
    }
  }
  return outcome;
}

// The shipped rules, loaded and compiled once per process (each rule's
// query the first time a file needs it), as a scan does.
const RuleEngine& ShippedRuleEngine() {
  static const RuleEngine* engine = [] {
    std::vector<Diagnostic> diagnostics;
    std::vector<Rule> rules =
        LoadRules({ShippedRulesDirectory()}, &diagnostics);
    for (Rule& rule : rules) rule.compile_when_used = true;
    return new RuleEngine(rules, &diagnostics);
  }();
  return *engine;
}

FuzzOutcome ExtractSource(const FuzzCase& input) {
  SourceFile file{input.path, ClassifyFile(BaseFileName(input.path)),
                  input.content};
  FileFacts facts;
  ShippedRuleEngine().Extract(file, &facts);
  GrpcServiceConfigExtractor().Extract(file, &facts);
  FuzzOutcome outcome;
  outcome.diagnostics = Lines(facts.diagnostics);
  if (ShippedRuleEngine().rule_count() == 0)
    outcome.broken.push_back("no shipped rules loaded");
  return outcome;
}

// A user rules directory holding this one rule, loaded and compiled as
// `--rules DIR` does; paths print as the file name alone.
FuzzOutcome LoadUserRule(const FuzzCase& input) {
  fs::path directory = fs::temp_directory_path() /
                       ("ampcheck-fuzz-rules-" + std::to_string(getpid()));
  fs::remove_all(directory);
  fs::create_directories(directory);
  std::ofstream(directory / BaseFileName(input.path), std::ios::binary)
      << input.content;
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules = LoadRules({directory.string()}, &diagnostics);
  RuleEngine engine(rules, &diagnostics);
  for (Diagnostic& d : diagnostics)
    d.location.file = BaseFileName(d.location.file);
  fs::remove_all(directory);
  return {Lines(diagnostics), {}};
}

}  // namespace

const std::vector<std::string>& FuzzTargetNames() {
  static const std::vector<std::string> names = {
      "manifests",     "policy", "app_config", "source",
      "facts",         "rules",  "baseline",   "grpc_service_config",
      "build_markers", "nginx",  "envoy"};
  return names;
}

FuzzCase DecodeFuzzInput(const std::string& target, std::string_view bytes) {
  auto kinds = KindsByTarget().find(target);
  if (kinds == KindsByTarget().end())
    return {FixedName(target), std::string(bytes)};
  const std::vector<std::string>& names = kinds->second;
  if (bytes.empty()) return {names[0], ""};
  size_t kind = static_cast<unsigned char>(bytes[0]) % names.size();
  return {names[kind], std::string(bytes.substr(1))};
}

FuzzCase RegressionCase(const std::string& file_name, std::string content) {
  std::string path = file_name;
  for (size_t at = path.find("--"); at != std::string::npos;
       at = path.find("--", at + 1)) {
    path.replace(at, 2, "/");
  }
  return {path, std::move(content)};
}

FuzzOutcome RunFuzzTarget(const std::string& target, const FuzzCase& input) {
  if (target == "source") return ExtractSource(input);
  if (target == "rules") return LoadUserRule(input);
  if (target == "policy")
    return ScanNextToGoodFleet(".ampcheck.yaml", input.content,
                               /*keeps_good_call=*/false);
  if (target == "baseline") {
    Baseline baseline;
    Diagnostic error;
    if (ParseBaseline(BaseFileName(input.path), input.content, &baseline,
                      &error))
      return {"read\n", {}};
    return {Lines({error}), {}};
  }
  if (target == "facts") {
    FactsBundle bundle;
    std::string error;
    if (ReadBundle(BaseFileName(input.path), input.content, &bundle, &error))
      return {"read\n", {}};
    return {error + "\n", {}};
  }
  // manifests, app_config, grpc_service_config, build_markers, nginx,
  // envoy: a file of the fleet.
  return ScanNextToGoodFleet(input.path, input.content);
}

}  // namespace ampcheck
