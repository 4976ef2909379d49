#include "analyzer/base/layer.h"

namespace ampcheck {

std::string Location::ToString() const {
  if (file.empty()) return "";
  if (line <= 0) return file;
  return file + ":" + std::to_string(line);
}

const char* LayerKindName(LayerKind kind) {
  switch (kind) {
    case LayerKind::kConsumer:
      return "consumer";
    case LayerKind::kHandler:
      return "handler";
    case LayerKind::kDecorator:
      return "decorator";
    case LayerKind::kClient:
      return "client";
    case LayerKind::kMesh:
      return "mesh";
    case LayerKind::kMeshInbound:
      return "mesh-inbound";
  }
  return "client";
}

std::optional<LayerKind> ParseLayerKind(const std::string& name) {
  for (LayerKind kind :
       {LayerKind::kConsumer, LayerKind::kHandler, LayerKind::kDecorator,
        LayerKind::kClient, LayerKind::kMesh, LayerKind::kMeshInbound}) {
    if (name == LayerKindName(kind)) return kind;
  }
  return std::nullopt;
}

const char* ProvenanceName(Provenance provenance) {
  switch (provenance) {
    case Provenance::kExplicit:
      return "explicit";
    case Provenance::kLibraryDefault:
      return "library-default";
    case Provenance::kMeshDefault:
      return "mesh-default";
    case Provenance::kDeclared:
      return "declared";
    case Provenance::kInferred:
      return "inferred";
  }
  return "explicit";
}

std::string Layer::Describe() const {
  std::string text;
  AppendDescription(&text);
  return text;
}

void Layer::AppendDescription(std::string* out) const {
  *out += origin;
  if (location.known()) (*out += ", ") += location.ToString();
}

}  // namespace ampcheck
