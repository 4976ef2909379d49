#include "analyzer/facts/facts.h"

#include <iterator>
#include <utility>
#include <vector>

namespace ampcheck {

const char* SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kNote:
      return "note";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "error";
}

std::optional<Severity> ParseSeverity(const std::string& name) {
  for (Severity s : {Severity::kNote, Severity::kWarning, Severity::kError}) {
    if (name == SeverityName(s)) return s;
  }
  return std::nullopt;
}

const char* TargetKindName(TargetKind kind) {
  switch (kind) {
    case TargetKind::kNone:
      return "none";
    case TargetKind::kUrl:
      return "url";
    case TargetKind::kHost:
      return "host";
    case TargetKind::kEnv:
      return "env";
    case TargetKind::kProperty:
      return "property";
  }
  return "none";
}

std::optional<TargetKind> ParseTargetKind(const std::string& name) {
  for (TargetKind k : {TargetKind::kNone, TargetKind::kUrl, TargetKind::kHost,
                       TargetKind::kEnv, TargetKind::kProperty}) {
    if (name == TargetKindName(k)) return k;
  }
  return std::nullopt;
}

namespace {

template <typename T>
void AppendAll(std::vector<T>&& part, std::vector<T>* whole) {
  if (whole->empty()) {
    *whole = std::move(part);
    return;
  }
  whole->insert(whole->end(), std::make_move_iterator(part.begin()),
                std::make_move_iterator(part.end()));
}

}  // namespace

void AppendFileFacts(FileFacts&& part, FileFacts* whole) {
  // A field added to FileFacts changes its size: append it below too.
  static_assert(sizeof(FileFacts) ==
                    2 * sizeof(std::string) + 8 + 25 * sizeof(std::vector<int>),
                "a FileFacts field is missing from AppendFileFacts");
  if (!part.kind.empty()) whole->kind = std::move(part.kind);
  whole->skipped_documents += part.skipped_documents;
  AppendAll(std::move(part.diagnostics), &whole->diagnostics);
  AppendAll(std::move(part.namespaces), &whole->namespaces);
  AppendAll(std::move(part.workloads), &whole->workloads);
  AppendAll(std::move(part.services), &whole->services);
  AppendAll(std::move(part.config_maps), &whole->config_maps);
  AppendAll(std::move(part.virtual_services), &whole->virtual_services);
  AppendAll(std::move(part.destination_rules), &whole->destination_rules);
  AppendAll(std::move(part.envoy_filters), &whole->envoy_filters);
  AppendAll(std::move(part.gateways), &whole->gateways);
  AppendAll(std::move(part.mesh_configs), &whole->mesh_configs);
  AppendAll(std::move(part.gateway_api), &whole->gateway_api);
  AppendAll(std::move(part.linkerd_retries), &whole->linkerd_retries);
  AppendAll(std::move(part.service_profiles), &whole->service_profiles);
  AppendAll(std::move(part.kuma_policies), &whole->kuma_policies);
  AppendAll(std::move(part.kuma_meshes), &whole->kuma_meshes);
  AppendAll(std::move(part.ingresses), &whole->ingresses);
  AppendAll(std::move(part.ingress_classes), &whole->ingress_classes);
  AppendAll(std::move(part.ingress_controllers), &whole->ingress_controllers);
  AppendAll(std::move(part.proxy_configs), &whole->proxy_configs);
  AppendAll(std::move(part.layers), &whole->layers);
  AppendAll(std::move(part.call_sites), &whole->call_sites);
  AppendAll(std::move(part.build_markers), &whole->build_markers);
  AppendAll(std::move(part.properties), &whole->properties);
  AppendAll(std::move(part.image_env), &whole->image_env);
  AppendAll(std::move(part.inline_suppressions), &whole->inline_suppressions);
}

}  // namespace ampcheck
