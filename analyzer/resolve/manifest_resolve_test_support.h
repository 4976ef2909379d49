// For the per-system layer tests: one manifest file through extraction and
// resolve, and the calls of the model by service name.
#ifndef AMPCHECK_RESOLVE_MANIFEST_RESOLVE_TEST_SUPPORT_H_
#define AMPCHECK_RESOLVE_MANIFEST_RESOLVE_TEST_SUPPORT_H_

#include <doctest/doctest.h>

#include <string>

#include "analyzer/extract/kubernetes/kubernetes_extractor.h"
#include "analyzer/resolve/resolver.h"

namespace ampcheck {

// `yaml` read as fleet.yaml, resolved with an empty policy.
inline Model ResolveYaml(const std::string& yaml,
                         const ResolveOptions& options = {}) {
  KubernetesExtractor extractor;
  FileFacts facts;
  facts.file = "fleet.yaml";
  extractor.Extract({"fleet.yaml", "yaml", yaml}, &facts);
  Policy policy;
  return Resolve({facts}, policy, options);
}

// The first call to `callee`; fails the test when there is none.
inline const Call& CallTo(const Model& model, const std::string& callee) {
  for (const Call& call : model.calls)
    if (model.services[call.to].name == callee) return call;
  FAIL("no call to " << callee);
  return model.calls.front();
}

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_MANIFEST_RESOLVE_TEST_SUPPORT_H_
