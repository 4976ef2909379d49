// Kubernetes and Istio manifests: YAML streams, kind: List, helm template and
// kubectl output. Documents that are not manifests are counted, not diagnosed.
#ifndef AMPCHECK_EXTRACT_KUBERNETES_KUBERNETES_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_KUBERNETES_KUBERNETES_EXTRACTOR_H_

#include "analyzer/extract/extractor.h"

namespace ampcheck {

class KubernetesExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_KUBERNETES_KUBERNETES_EXTRACTOR_H_
