// What the policy's `render:` section says about rendering Helm charts and
// building kustomizations (docs/policy.md, "render").
#ifndef AMPCHECK_DISCOVER_RENDER_SETTINGS_H_
#define AMPCHECK_DISCOVER_RENDER_SETTINGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/base/layer.h"

namespace ampcheck {

// How one chart is rendered: `helm template RELEASE PATH -n NAMESPACE
// -f VALUES...`. Paths are relative to the policy file's directory.
struct ChartSettings {
  std::string path;
  std::string release;  // "" = the chart's name
  std::string ns;       // "" = helm's default
  std::vector<std::string> values;
  Location location;
};

struct RenderSettings {
  // Programs named by the policy ("" = looked up on PATH).
  std::string helm;
  std::string kubectl;
  std::string kustomize;
  Location helm_location, kubectl_location, kustomize_location;
  int64_t timeout_ms = 60000;  // per render
  bool disabled = false;       // --no-render: no program is looked for
  std::vector<ChartSettings> charts;
  // Where relative paths start: the policy file's directory.
  std::string base_directory;
};

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_RENDER_SETTINGS_H_
