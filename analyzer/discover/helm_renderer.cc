#include "analyzer/discover/helm_renderer.h"

#include <map>

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"
#include "analyzer/discover/rendered_documents.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {
namespace {

constexpr std::string_view kSourcePrefix = "# Source: ";

// The template a rendered document came from, relative to the chart
// directory: "templates/x.yaml" for "# Source: NAME/templates/x.yaml".
std::string SourceTemplate(const std::string& text) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    if (line.starts_with(kSourcePrefix)) {
      std::string source(line.substr(kSourcePrefix.size()));
      while (!source.empty() && (source.back() == '\r' || source.back() == ' '))
        source.pop_back();
      size_t slash = source.find('/');
      return slash == std::string::npos ? source : source.substr(slash + 1);
    }
    if (!line.empty() && !line.starts_with("#")) break;
    start = end + 1;
  }
  return "";
}

}  // namespace

std::vector<ChartDirectory> FindCharts(
    const std::vector<DiscoveredFile>& files) {
  std::vector<ChartDirectory> charts;
  for (const DiscoveredFile& file : files) {
    if (BaseName(file.path) != "Chart.yaml" || file.content) continue;
    ChartDirectory chart{NormalPath(ParentPath(file.path)),
                         ParentPath(file.display)};
    if (ParentPath(file.path).empty()) chart.path = ".";
    charts.push_back(chart);
  }
  std::vector<ChartDirectory> outermost;
  for (const ChartDirectory& chart : charts) {
    bool nested = false;
    for (const ChartDirectory& other : charts) {
      nested = nested ||
               (other.path != chart.path && IsUnder(chart.path, other.path));
    }
    if (!nested) outermost.push_back(chart);
  }
  return outermost;
}

std::string ChartName(const FileSystem& fs, const ChartDirectory& chart) {
  std::string content, error;
  if (!fs.ReadFile(JoinPath(chart.path, "Chart.yaml"), 1 << 20, &content,
                   &error)) {
    return "";
  }
  std::vector<Diagnostic> ignored;  // helm reports a broken Chart.yaml
  std::vector<YamlDocument> docs =
      ParseYamlDocuments("Chart.yaml", content, &ignored);
  if (docs.empty() || !docs[0].root.IsMap()) return "";
  return YamlView::String(docs[0].root, "name");
}

std::vector<std::string> HelmTemplateCommand(const HelmRun& run,
                                             const std::string& chart_path) {
  std::vector<std::string> argv = {run.helm, "template", run.release,
                                   chart_path};
  if (!run.ns.empty()) {
    argv.push_back("--namespace");
    argv.push_back(run.ns);
  }
  for (const std::string& values : run.values) {
    argv.push_back("--values");
    argv.push_back(values);
  }
  return argv;
}

std::vector<DiscoveredFile> HelmOutputFiles(const ChartDirectory& chart,
                                            std::string_view output) {
  std::map<std::string, std::string> by_template;
  std::vector<std::string> order;
  for (const RenderedDocument& doc : SplitRenderedDocuments(output)) {
    std::string source = SourceTemplate(doc.text);
    // Without a Source line the template is not known: the chart's
    // Chart.yaml stands for it (line numbers are then of that output).
    if (source.empty()) source = "Chart.yaml";
    auto [it, added] = by_template.try_emplace(source);
    if (added) order.push_back(source);
    it->second += "---\n" + doc.text;
  }
  std::vector<DiscoveredFile> files;
  for (const std::string& source : order) {
    std::string& content = by_template[source];
    DiscoveredFile file;
    file.path = JoinPath(chart.path, source);
    file.display = JoinPath(chart.display, source);
    file.language = "yaml";
    file.size = content.size();
    file.content = std::make_shared<const std::string>(std::move(content));
    files.push_back(std::move(file));
  }
  return files;
}

}  // namespace ampcheck
