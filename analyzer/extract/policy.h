// The policy file (.ampcheck.yaml): limits, entries, mesh assumptions,
// declared services, calls and layers, and documented amplification.
#ifndef AMPCHECK_EXTRACT_POLICY_H_
#define AMPCHECK_EXTRACT_POLICY_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/base/layer.h"
#include "analyzer/discover/render_settings.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

// How to decide sidecar membership where the inputs do not say.
enum class SidecarAssumption { kAuto, kAll, kNone };

struct DeclaredService {
  std::string ref;  // "name" or "namespace/name"
  std::optional<bool> in_mesh;
  std::string protocol;  // "tcp": the mesh's HTTP retries do not apply
  Location location;
};

struct DeclaredCall {
  std::string from;
  std::string to;
  std::string reason;
  Location location;
};

struct DeclaredLayer {
  std::string service;
  std::string target;  // "" = every outbound call of the service
  Layer layer;
};

// Documented amplification: the owner layer and the maximum tries for a call
// (from, to), a path (services in order), or every path ending at `to`.
struct Documentation {
  std::string from;
  std::string to;
  std::vector<std::string> path;
  std::string owner;
  uint64_t max_tries = 0;
  std::string reason;
  Location location;
};

// Source files under `path` belong to `service` (overrides attribution by
// build markers and directory names).
struct SourceAttribution {
  std::string path;
  std::string service;
  Location location;
};

struct Suppression {
  std::string check;
  std::string service;  // "" = any
  std::string reason;
  Location location;
  // An inline suppression (ampcheck:ignore): only findings located here.
  // Unknown = any location.
  Location target = {};
};

// What a service can hold while it calls out, for saturation-risk: `pool`
// threads (or connections) at a peak of `rate` requests per second.
struct CapacityDeclaration {
  std::string service;  // "name" or "ns/name"
  uint64_t pool = 0;
  uint64_t rate = 0;
  Location location;
};

// A directory that holds one alternative state of the fleet (a per-
// environment tree): analysed as its own graph (docs/inputs.md).
struct EnvironmentSetting {
  std::string name;  // "" = the directory's base name
  std::string path;  // relative to the policy file
  Location location;
};

struct Policy {
  std::string file;  // display path, "" when no policy file
  uint64_t max_tries = 10;
  std::string istio_version;  // "" = command line or latest
  SidecarAssumption sidecars = SidecarAssumption::kAuto;
  std::string default_namespace = "default";
  std::vector<std::string> entries;
  std::vector<DeclaredService> services;
  std::vector<DeclaredCall> calls;
  std::vector<DeclaredLayer> layers;
  std::vector<Documentation> documented;
  std::vector<Suppression> suppressions;
  std::vector<CapacityDeclaration> capacity;
  std::vector<SourceAttribution> sources;
  std::vector<std::string> rule_dirs;  // relative to the policy file
  RenderSettings render;               // paths relative to the policy file
  std::vector<EnvironmentSetting> environments;
};

// Parses a policy file; problems become diagnostics with file and line, and
// the offending entry is dropped.
Policy ParsePolicy(const std::string& file, std::string_view content,
                   std::vector<Diagnostic>* diagnostics);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_POLICY_H_
