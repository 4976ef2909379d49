#include "analyzer/extract/kubernetes/yaml_documents.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace ampcheck {
namespace {

constexpr char kTerraformMessage[] =
    "unrendered Terraform template (%{ }); render it first (terraform "
    "console, templatefile(...)); document skipped";

TEST_CASE("a Terraform templatefile is named as one, at its first directive") {
  std::vector<Diagnostic> diagnostics;
  std::vector<YamlDocument> documents =
      ParseYamlDocuments("values/carts.yaml",
                         "image:\n"
                         "  tag: ${image_tag}\n"
                         "\n"
                         "%{ if opentelemetry_enabled }\n"
                         "opentelemetry:\n"
                         "  enabled: true\n"
                         "%{ endif }\n",
                         &diagnostics);
  CHECK(documents.empty());
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() == "values/carts.yaml:4");
  CHECK(diagnostics[0].message == kTerraformMessage);
  CHECK(diagnostics[0].severity == Severity::kError);
}

TEST_CASE("a Terraform directive in a later document keeps the stream's line") {
  std::vector<Diagnostic> diagnostics;
  std::vector<YamlDocument> documents =
      ParseYamlDocuments("values.yaml",
                         "a: 1\n"
                         "---\n"
                         "b: 2\n"
                         "%{ for port in ports }\n"
                         "c: 3\n"
                         "%{ endfor }\n",
                         &diagnostics);
  CHECK(documents.size() == 1);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() == "values.yaml:4");
  CHECK(diagnostics[0].message == kTerraformMessage);
}

TEST_CASE("other malformed YAML keeps the parser's words") {
  std::vector<Diagnostic> diagnostics;
  ParseYamlDocuments("bad.yaml", "a: [1, 2\nb: \"%{ not a directive }\"\n",
                     &diagnostics);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].message.starts_with("malformed YAML: "));
}

}  // namespace
}  // namespace ampcheck
