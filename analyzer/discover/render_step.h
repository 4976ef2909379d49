// Where rendering plugs into the pipeline: after discovery and the policy,
// before extraction. Helm charts are rendered and kustomize roots built;
// their output replaces the files it came from, and what could not be
// rendered is one diagnostic per chart or root.
#ifndef AMPCHECK_DISCOVER_RENDER_STEP_H_
#define AMPCHECK_DISCOVER_RENDER_STEP_H_

#include <vector>

#include "analyzer/discover/discover.h"
#include "analyzer/discover/file_system.h"
#include "analyzer/discover/process_runner.h"
#include "analyzer/discover/render_settings.h"

namespace ampcheck {

void RenderDiscoveredInputs(const FileSystem& fs,
                            const RenderSettings& settings,
                            const ProcessRunner& runner, Discovery* discovery,
                            std::vector<Diagnostic>* diagnostics);

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_RENDER_STEP_H_
