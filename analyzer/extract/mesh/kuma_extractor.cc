// Kuma policies: each spec.to[] entry as written. A value Kuma would reject
// is a warning at its line and is left out of the entry.
#include "analyzer/extract/mesh/kuma_extractor.h"

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

struct PolicyReader {
  const Manifest& m;
  FileFacts* facts;

  void Warn(const yaml::Node& node, const std::string& message) {
    facts->diagnostics.push_back({m.at(node),
                                  m.Label() + ": " + message + "; ignored",
                                  Severity::kWarning});
  }

  std::optional<Millis> Duration(const yaml::Node& node,
                                 const std::string& field) {
    if (!node.IsDefined() || node.IsNull()) return std::nullopt;
    std::string text = YamlView::Scalar(node).value_or("");
    auto ms = ParseDuration(text);
    if (!ms) Warn(node, field + " is not a duration: '" + text + "'");
    return ms;
  }

  // MeshRetry default.http: numRetries (R), perTryTimeout, backOff, retryOn.
  void ReadRetry(const yaml::Node& http, KumaToFact* to) {
    yaml::Node retries = Child(http, "numRetries");
    if (retries.IsDefined()) {
      long long n;
      if (ParseInt(YamlView::Scalar(retries).value_or(""), &n) && n >= 0) {
        to->num_retries = n;
      } else {
        Warn(retries, "http.numRetries is not a retry count: '" +
                          YamlView::Scalar(retries).value_or("") + "'");
      }
    }
    to->per_try_timeout =
        Duration(Child(http, "perTryTimeout"), "http.perTryTimeout");
    yaml::Node backoff = Child(http, "backOff");
    to->backoff_base =
        Duration(Child(backoff, "baseInterval"), "http.backOff.baseInterval");
    to->backoff_max =
        Duration(Child(backoff, "maxInterval"), "http.backOff.maxInterval");
    to->retry_on = YamlView::StringList(Child(http, "retryOn"));
  }

  void ReadPolicy() {
    KumaPolicyFact policy;
    policy.kind = m.kind;
    policy.name = m.name;
    policy.ns = m.ns;
    policy.location = m.location();
    yaml::Node metadata = Child(m.root, "metadata");
    policy.mesh = YamlView::String(Child(metadata, "labels"), "kuma.io/mesh");
    if (policy.mesh.empty()) policy.mesh = "default";
    yaml::Node spec = Child(m.root, "spec");
    yaml::Node target = Child(spec, "targetRef");
    // No top-level targetRef selects the whole mesh (Kuma 2.9+).
    policy.target_kind = YamlView::String(target, "kind");
    if (policy.target_kind.empty()) policy.target_kind = "Mesh";
    policy.target_name = YamlView::String(target, "name");
    yaml::Node to_list = Child(spec, "to");
    if (to_list.IsSequence()) {
      for (const yaml::Node& node : to_list) {
        KumaToFact to;
        to.location = m.at(node);
        yaml::Node ref = Child(node, "targetRef");
        to.target_kind = YamlView::String(ref, "kind");
        to.target_name = YamlView::String(ref, "name");
        to.target_namespace = YamlView::String(ref, "namespace");
        yaml::Node http = Child(Child(node, "default"), "http");
        if (http.IsMap()) {
          to.location = m.at(http);
          if (m.kind == "MeshRetry") {
            ReadRetry(http, &to);
          } else {
            to.request_timeout =
                Duration(Child(http, "requestTimeout"), "http.requestTimeout");
          }
        }
        policy.to.push_back(std::move(to));
      }
    }
    facts->kuma_policies.push_back(std::move(policy));
  }
};

}  // namespace

bool ExtractKumaResource(const Manifest& m, FileFacts* facts) {
  if (!StartsWith(m.api_version, "kuma.io/")) return false;
  if (m.kind == "MeshRetry" || m.kind == "MeshTimeout") {
    PolicyReader{m, facts}.ReadPolicy();
    return true;
  }
  if (m.kind == "Mesh") {
    KumaMeshFact mesh;
    mesh.name = m.name;
    mesh.location = m.location();
    mesh.skip_initial_policies = YamlView::StringList(
        Child(Child(m.root, "spec"), "skipCreatingInitialPolicies"));
    facts->kuma_meshes.push_back(std::move(mesh));
    return true;
  }
  return false;
}

}  // namespace ampcheck
