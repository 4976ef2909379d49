#include "analyzer/extract/kubernetes/manifest_stream.h"

#include <doctest/doctest.h>

#include <algorithm>

namespace ampcheck {
namespace {

int Lines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

TEST_CASE("managedFields and status are blanked, every line kept") {
  const std::string document =
      "apiVersion: apps/v1\n"
      "kind: Deployment\n"
      "metadata:\n"
      "  name: web\n"
      "  managedFields:\n"
      "  - manager: kubectl\n"
      "    fieldsV1:\n"
      "      f:spec: {}\n"
      "# a comment inside\n"
      "  labels: {app: web}\n"
      "spec:\n"
      "  replicas: 2\n"
      "  status: kept\n"
      "status:\n"
      "  conditions:\n"
      "  - type: Available\n";
  std::string blanked = BlankServerWrittenFields(document);
  CHECK(blanked ==
        "apiVersion: apps/v1\n"
        "kind: Deployment\n"
        "metadata:\n"
        "  name: web\n"
        "\n\n\n\n\n"
        "  labels: {app: web}\n"
        "spec:\n"
        "  replicas: 2\n"
        "  status: kept\n"
        "\n\n\n");
  CHECK(Lines(blanked) == Lines(document));
}

TEST_CASE("the items of a List are resources, other documents' items are not") {
  const std::string list =
      "apiVersion: v1\n"
      "items:\n"
      "- apiVersion: v1\n"
      "  kind: Service\n"
      "  metadata:\n"
      "    managedFields:\n"
      "    - manager: k\n"
      "    name: a\n"
      "  status: {loadBalancer: {}}\n"
      "- metadata:\n"
      "    name: b\n"
      "  status:\n"
      "    x: 1\n"
      "kind: List\n"
      "metadata: {resourceVersion: \"\"}\n";
  CHECK(BlankServerWrittenFields(list) ==
        "apiVersion: v1\n"
        "items:\n"
        "- apiVersion: v1\n"
        "  kind: Service\n"
        "  metadata:\n"
        "\n\n"
        "    name: a\n"
        "\n"
        "- metadata:\n"
        "    name: b\n"
        "\n\n"
        "kind: List\n"
        "metadata: {resourceVersion: \"\"}\n");
  const std::string not_list =
      "kind: Pipeline\nitems:\n- name: a\n  status: read\n";
  CHECK(BlankServerWrittenFields(not_list) == not_list);
}

TEST_CASE("only block-style keys the indentation proves are blanked") {
  // Flow metadata, a quoted key, a block scalar holding the words, and a
  // deeper status are left as they are.
  const std::string document =
      "kind: ConfigMap\n"
      "metadata: {name: c,\n"
      "  managedFields: []}\n"
      "\"status\": quoted\n"
      "data:\n"
      "  app.yaml: |\n"
      "    status: up\n"
      "    managedFields: x\n";
  CHECK(BlankServerWrittenFields(document) == document);
}

TEST_CASE("a stream parses the same with and without threads") {
  std::string stream;
  for (int i = 0; i < 3000; ++i) {
    stream += "apiVersion: v1\nkind: Service\nmetadata:\n  name: s" +
              std::to_string(i) +
              "\n  managedFields:\n  - manager: k\n    padding: " +
              std::string(400, 'x') + "\nstatus: {}\n---\n";
  }
  stream += "a: [\n";  // a broken last document
  REQUIRE(stream.size() > kParallelManifestBytes);
  // Each document's name and line, as the facts of that document alone.
  FileFacts facts;
  ExtractManifestDocuments(
      "dump.yaml", stream, &facts,
      [&](const YamlDocument& doc, FileFacts* found) {
        CHECK(found->namespaces.empty());
        NamespaceFact name;
        name.name = doc.root["metadata"]["name"].as<std::string>();
        name.location.line = doc.first_line;
        found->namespaces.push_back(name);
        if (doc.root["status"].IsDefined() ||
            doc.root["metadata"]["managedFields"].IsDefined())
          found->diagnostics.push_back({{}, "not blanked", Severity::kError});
      });
  std::vector<std::string> names;
  std::vector<int> lines;
  for (const NamespaceFact& n : facts.namespaces) {
    names.push_back(n.name);
    lines.push_back(n.location.line);
  }
  const std::vector<Diagnostic>& diagnostics = facts.diagnostics;
  REQUIRE(names.size() == 3000);
  CHECK(names.front() == "s0");
  CHECK(names[1234] == "s1234");
  CHECK(names.back() == "s2999");
  CHECK(lines[1] == 10);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].location.ToString() == "dump.yaml:27001");
  CHECK(diagnostics[0].message.starts_with("malformed YAML: "));
  // One document at a time on this thread, nothing blanked: the same
  // documents at the same lines, the same diagnostic.
  std::vector<Diagnostic> serial_diagnostics;
  std::vector<std::string> serial_names;
  std::vector<int> serial_lines;
  ForEachYamlDocument(
      "dump.yaml", stream, &serial_diagnostics, [&](const YamlDocument& doc) {
        serial_names.push_back(doc.root["metadata"]["name"].as<std::string>());
        serial_lines.push_back(doc.first_line);
      });
  CHECK(names == serial_names);
  CHECK(lines == serial_lines);
  CHECK(diagnostics == serial_diagnostics);
}

}  // namespace
}  // namespace ampcheck
