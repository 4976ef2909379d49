// Helm charts: found among the discovered files, rendered with
// `helm template`, and the output turned back into files named after the
// templates that produced them.
#ifndef AMPCHECK_DISCOVER_HELM_RENDERER_H_
#define AMPCHECK_DISCOVER_HELM_RENDERER_H_

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/discover/discover.h"
#include "analyzer/discover/file_system.h"
#include "analyzer/discover/process_runner.h"

namespace ampcheck {

struct ChartDirectory {
  std::string path;     // normal path, where to read it
  std::string display;  // as outputs name it ("" for a scanned chart root)
};

// The directories holding a Chart.yaml, outermost only: a chart's subcharts
// (charts/*) are rendered with it.
std::vector<ChartDirectory> FindCharts(
    const std::vector<DiscoveredFile>& files);

// The chart's `name` from its Chart.yaml, or "" when it cannot be read.
std::string ChartName(const FileSystem& fs, const ChartDirectory& chart);

struct HelmRun {
  std::string helm;                 // the program's path
  std::string release;              // release name
  std::string ns;                   // "" = helm's default
  std::vector<std::string> values;  // values files, absolute
  int64_t timeout_ms = 60000;
};

// helm template RELEASE CHART [--namespace NS] [--values FILE]...
std::vector<std::string> HelmTemplateCommand(const HelmRun& run,
                                             const std::string& chart_path);

// The rendered documents grouped by the template that printed them (helm's
// "# Source: NAME/templates/x.yaml" line), each group one file displayed as
// <chart>/templates/x.yaml whose content is exactly what
// `helm template ... --show-only templates/x.yaml` prints: the lines of its
// facts are lines of that output.
std::vector<DiscoveredFile> HelmOutputFiles(const ChartDirectory& chart,
                                            std::string_view output);

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_HELM_RENDERER_H_
