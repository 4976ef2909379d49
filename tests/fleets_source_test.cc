// Seed fleets with source, through the registered source extractors: seed
// 000's shared wrapper is a user rule; seed 003 is consumer x decorator x
// client = 27 inside one service.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analyzer/discover/discover.h"
#include "analyzer/extract/registry.h"
#include "analyzer/extract/source/source_extractors.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

std::vector<FileFacts> ExtractTree(const std::string& root,
                                   const ExtractOptions& options,
                                   std::vector<Diagnostic>* diagnostics) {
  ExtractorSet set;
  RegisterSourceExtractors(options, &set, diagnostics);
  std::vector<FileFacts> out;
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_regular_file()) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  for (const std::string& path : files) {
    std::string language = ClassifyFile(fs::path(path).filename().string());
    if (language.empty()) continue;
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string content = text.str();
    SourceFile file{fs::relative(path, root).string(), language, content};
    out.push_back(set.ExtractFile(file));
  }
  return out;
}

std::vector<LayerFact> Layers(const std::vector<FileFacts>& facts) {
  std::vector<LayerFact> layers;
  for (const FileFacts& f : facts)
    layers.insert(layers.end(), f.layers.begin(), f.layers.end());
  return layers;
}

const std::string kFleets =
    std::string(AMPCHECK_SOURCE_DIR) + "/fixtures/fleets";

TEST_CASE(
    "seed 000: the shared wrapper is a user rule; test code does not count") {
  std::string root = kFleets + "/seed-000-source";
  std::vector<Diagnostic> diagnostics;
  auto without =
      Layers(ExtractTree(root, {{InstalledRulesDirectory()}}, &diagnostics));
  CHECK(without.empty());  // no installed rule knows the in-house wrapper
  auto layers = Layers(ExtractTree(
      root, {{InstalledRulesDirectory(), root + "/.ampcheck-rules"}},
      &diagnostics));
  CHECK(diagnostics.empty());
  REQUIRE(layers.size() == 2);
  CHECK(layers[0].layer.location.ToString() ==
        "billing/src/main/java/com/shop/billing/PricingClient.java:10");
  CHECK(layers[0].target.kind == TargetKind::kProperty);
  CHECK(layers[0].target.value == "${pricing.base-url}");
  CHECK(layers[1].layer.location.ToString() == "orders/pricing.go:13");
  CHECK(layers[1].rule_id == "shop-httpwrap");
  CHECK(layers[1].layer.tries == Tries::Of(3));
  CHECK(layers[1].layer.provenance == Provenance::kLibraryDefault);
  CHECK(layers[1].layer.backoff.jitter == false);
  CHECK(layers[1].layer.backoff.base == 1000);
  CHECK(layers[1].target.kind == TargetKind::kEnv);
  CHECK(layers[1].target.value == "PRICING_URL");
}

TEST_CASE("seed 003: consumer x RetryingRepository decorator x client = 27") {
  std::vector<Diagnostic> diagnostics;
  auto layers =
      Layers(ExtractTree(kFleets + "/seed-003-decorator-stack",
                         {{InstalledRulesDirectory()}}, &diagnostics));
  CHECK(diagnostics.empty());
  std::map<LayerKind, LayerFact> by_kind;
  for (const LayerFact& layer : layers) by_kind[layer.layer.kind] = layer;
  REQUIRE(layers.size() == 3);
  REQUIRE(by_kind.size() == 3);
  CHECK(by_kind[LayerKind::kConsumer].rule_id ==
        "java-spring-kafka-error-handler");
  CHECK(by_kind[LayerKind::kDecorator].rule_id == "java-spring-retryable");
  CHECK(by_kind[LayerKind::kClient].rule_id == "java-feign-retryer");
  Tries product = Tries::Of(1);
  for (const auto& [kind, layer] : by_kind)
    product = product * layer.layer.tries;
  CHECK(product == Tries::Of(27));
  CHECK(by_kind[LayerKind::kConsumer].layer.detail ==
        "FixedBackOff maxAttempts = 2L (retries) = 3 tries");
  CHECK(by_kind[LayerKind::kDecorator].layer.detail ==
        "maxAttempts = 3 (tries)");
}

}  // namespace
}  // namespace ampcheck
