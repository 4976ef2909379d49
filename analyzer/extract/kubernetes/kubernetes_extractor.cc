#include "analyzer/extract/kubernetes/kubernetes_extractor.h"

#include <set>

#include "analyzer/base/strings.h"
#include "analyzer/extract/compose/compose_extractor.h"
#include "analyzer/extract/kubernetes/document_class.h"
#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/extract/kubernetes/manifest_stream.h"
#include "analyzer/extract/kubernetes/unread_kinds.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"
#include "analyzer/extract/mesh/gateway_api_extractor.h"
#include "analyzer/extract/mesh/istio_extractor.h"
#include "analyzer/extract/mesh/kuma_extractor.h"
#include "analyzer/extract/mesh/linkerd_extractor.h"
#include "analyzer/extract/proxies/envoy_config.h"
#include "analyzer/extract/proxies/envoy_extractor.h"
#include "analyzer/extract/proxies/ingress_nginx_extractor.h"

namespace ampcheck {
namespace {

// Kinds read as workloads: a pod template under spec.template (a Pod is its
// own template, a CronJob's is under spec.jobTemplate). The core kinds count
// in any group; the others only in theirs.
bool IsWorkload(const std::string& api_version, const std::string& kind) {
  static const std::set<std::string> core = {
      "Deployment", "StatefulSet", "DaemonSet",  "Job",
      "CronJob",    "Pod",         "ReplicaSet", "DeploymentConfig"};
  static const std::set<std::pair<std::string, std::string>> grouped = {
      {"argoproj.io", "Rollout"},       // Argo Rollouts
      {"apps.kruise.io", "CloneSet"}};  // OpenKruise
  if (core.count(kind)) return true;
  return grouped.count({api_version.substr(0, api_version.find('/')), kind}) >
         0;
}

// The pod spec and pod template metadata of any workload kind.
void PodTemplate(const Manifest& m, yaml::Node* pod_spec,
                 yaml::Node* pod_metadata) {
  if (m.kind == "Pod") {
    *pod_spec = Child(m.root, "spec");
    *pod_metadata = Child(m.root, "metadata");
    return;
  }
  yaml::Node spec = Child(m.root, "spec");
  if (m.kind == "CronJob") spec = Child(Child(spec, "jobTemplate"), "spec");
  yaml::Node tmpl = Child(spec, "template");
  *pod_spec = Child(tmpl, "spec");
  *pod_metadata = Child(tmpl, "metadata");
}

void ExtractWorkload(const Manifest& m, FileFacts* facts) {
  WorkloadFact w;
  w.kind = m.kind;
  w.name = m.name;
  w.ns = m.ns;
  w.location = m.location();
  yaml::Node pod_spec, pod_metadata;
  PodTemplate(m, &pod_spec, &pod_metadata);
  w.labels = YamlView::StringMap(Child(pod_metadata, "labels"));
  w.annotations =
      YamlView::StringMap(Child(Child(m.root, "metadata"), "annotations"));
  for (const auto& [key, value] :
       YamlView::StringMap(Child(pod_metadata, "annotations"))) {
    w.annotations[key] = value;  // the pod's own annotation wins
  }
  for (const char* list : {"initContainers", "containers"}) {
    yaml::Node containers = Child(pod_spec, list);
    if (!containers.IsSequence()) continue;
    for (const yaml::Node& container : containers) {
      std::string image = YamlView::String(container, "image");
      if (!image.empty()) w.images.push_back(image);
      yaml::Node env = Child(container, "env");
      if (env.IsSequence()) {
        for (const yaml::Node& var : env) {
          EnvVarFact e;
          e.name = YamlView::String(var, "name");
          if (e.name.empty()) continue;
          e.location = m.at(var);
          if (auto value = YamlView::Scalar(Child(var, "value")))
            e.value = *value;
          yaml::Node ref = Child(Child(var, "valueFrom"), "configMapKeyRef");
          if (ref.IsMap()) {
            e.config_map = YamlView::String(ref, "name");
            e.config_map_key = YamlView::String(ref, "key");
          }
          w.env.push_back(std::move(e));
        }
      }
      yaml::Node env_from = Child(container, "envFrom");
      if (env_from.IsSequence()) {
        for (const yaml::Node& source : env_from) {
          std::string cm =
              YamlView::String(Child(source, "configMapRef"), "name");
          if (!cm.empty())
            w.env_from_config_maps.emplace_back(cm, m.at(source));
        }
      }
    }
  }
  yaml::Node volumes = Child(pod_spec, "volumes");
  if (volumes.IsSequence()) {
    for (const yaml::Node& volume : volumes) {
      std::string cm = YamlView::String(Child(volume, "configMap"), "name");
      if (!cm.empty()) w.volume_config_maps.emplace_back(cm, m.at(volume));
    }
  }
  ExtractIngressNginxController(m, pod_spec, facts);
  facts->workloads.push_back(std::move(w));
}

void ExtractService(const Manifest& m, FileFacts* facts) {
  ServiceFact s;
  s.name = m.name;
  s.ns = m.ns;
  s.location = m.location();
  yaml::Node spec = Child(m.root, "spec");
  s.selector = YamlView::StringMap(Child(spec, "selector"));
  s.annotations =
      YamlView::StringMap(Child(Child(m.root, "metadata"), "annotations"));
  s.labels = YamlView::StringMap(Child(Child(m.root, "metadata"), "labels"));
  ExtractLinkerdAnnotations(m, facts);
  yaml::Node ports = Child(spec, "ports");
  if (ports.IsSequence()) {
    for (const yaml::Node& port : ports) {
      long long number;
      if (ParseInt(YamlView::String(port, "port"), &number))
        s.ports.push_back(int(number));
      // Istio's protocol selection: appProtocol, else the port name's prefix.
      std::string protocol = YamlView::String(port, "appProtocol");
      if (protocol.empty()) protocol = YamlView::String(port, "name");
      s.protocols.push_back(ToLower(protocol.substr(0, protocol.find('-'))));
    }
  }
  facts->services.push_back(std::move(s));
}

void ExtractConfigMap(const Manifest& m, FileFacts* facts) {
  ConfigMapFact c;
  c.name = m.name;
  c.ns = m.ns;
  c.location = m.location();
  yaml::Node data = Child(m.root, "data");
  if (data.IsMap()) {
    for (auto it = data.begin(); it != data.end(); ++it) {
      auto key = YamlView::Scalar(it->first);
      auto value = YamlView::Scalar(it->second);
      if (!key || !value) continue;
      // A block scalar's content starts on the line after its key.
      Location at = m.at(it->second);
      c.data.push_back({*key, *value, at});
    }
  }
  // The istio ConfigMap carries MeshConfig as YAML text under "mesh".
  if (m.name == "istio" || StartsWith(m.name, "istio-")) {
    for (const ConfigMapEntry& entry : c.data) {
      if (entry.key != "mesh") continue;
      std::vector<Diagnostic> inner;
      auto docs = ParseYamlDocuments(m.view->file(), entry.value, &inner);
      for (Diagnostic& d : inner) {
        d.location.line += entry.location.line;
        d.message = "in the istio ConfigMap's mesh key: " + d.message;
        facts->diagnostics.push_back(d);
      }
      for (const YamlDocument& doc : docs) {
        ExtractMeshConfig(doc.root, m, entry.location.line + doc.first_line,
                          facts);
      }
    }
  }
  ExtractEnvoyConfigMap(c, m.view->file(), facts);
  facts->config_maps.push_back(std::move(c));
}

void ExtractNamespace(const Manifest& m, FileFacts* facts) {
  NamespaceFact n;
  n.name = m.name;
  n.labels = YamlView::StringMap(Child(Child(m.root, "metadata"), "labels"));
  n.annotations =
      YamlView::StringMap(Child(Child(m.root, "metadata"), "annotations"));
  n.location = m.location();
  facts->namespaces.push_back(std::move(n));
}

void ExtractManifest(const yaml::Node& root, const YamlView& view,
                     FileFacts* facts, int depth) {
  DocumentClass document = ClassifyDocument(root);
  if (document == DocumentClass::kKustomize) {
    facts->kind = "kustomize";
    return;
  }
  if (document == DocumentClass::kList && depth == 0) {
    for (const yaml::Node& item : Child(root, "items")) {
      ExtractManifest(item, view, facts, depth + 1);
    }
    return;
  }
  if (document != DocumentClass::kResource) {
    if (!IsEnvoyBootstrap(root)) ++facts->skipped_documents;  // envoy_extractor
    return;
  }
  Manifest m{root,
             &view,
             YamlView::String(root, "apiVersion"),
             YamlView::String(root, "kind"),
             "",
             ""};
  yaml::Node metadata = Child(root, "metadata");
  m.name = YamlView::String(metadata, "name");
  // A generated name's prefix is the only identity such a resource has.
  if (m.name.empty()) m.name = YamlView::String(metadata, "generateName");
  m.ns = YamlView::String(metadata, "namespace");
  if (m.name.empty()) {
    facts->diagnostics.push_back({m.location(),
                                  m.kind + " without metadata.name; ignored",
                                  Severity::kError});
    return;
  }
  if (auto unread = UnreadRetrySettings(m)) {
    facts->diagnostics.push_back({m.location(), *unread, Severity::kWarning});
    return;
  }
  if (m.kind == "Namespace") {
    ExtractNamespace(m, facts);
  } else if (IsWorkload(m.api_version, m.kind) &&
             !Child(Child(root, "spec"), "workloadRef").IsDefined()) {
    // A Rollout with a workloadRef points at a Deployment read on its own.
    ExtractWorkload(m, facts);
  } else if (m.kind == "Service" && m.api_version == "v1") {
    ExtractService(m, facts);
  } else if (m.kind == "ConfigMap") {
    ExtractConfigMap(m, facts);
  } else if (!ExtractIstioResource(m, facts) &&
             !ExtractGatewayApiResource(m, facts) &&
             !ExtractLinkerdResource(m, facts) &&
             !ExtractKumaResource(m, facts) &&
             !ExtractIngressResource(m, facts)) {
    ++facts->skipped_documents;
  }
}

}  // namespace

std::string Manifest::Label() const { return kind + " " + name; }

yaml::Node Child(const yaml::Node& node, const std::string& key) {
  if (!node.IsDefined() || !node.IsMap())
    return yaml::Node(yaml::NodeType::Undefined);
  // A missing key yields an invalid node whose type queries throw; hand out a
  // valid undefined node instead.
  const yaml::Node& const_node = node;
  yaml::Node child = const_node[key];
  if (!child.IsDefined()) return yaml::Node(yaml::NodeType::Undefined);
  return child;
}

bool KubernetesExtractor::Accepts(const SourceFile& file) const {
  // docker-compose files are read by ComposeExtractor, not as manifests.
  if (IsComposeFile(file.path)) return false;
  return file.language == "yaml" || file.language == "json";
}

void KubernetesExtractor::Extract(const SourceFile& file,
                                  FileFacts* facts) const {
  // A kustomization is input to kustomize, not a manifest, whatever it holds.
  if (IsKustomizationFileName(file.path)) {
    facts->kind = "kustomize";
    return;
  }
  bool looks_like_manifest =
      file.content.find("apiVersion") != std::string_view::npos &&
      file.content.find("kind") != std::string_view::npos;
  if (int line = FindTemplateLine(file.content); line && looks_like_manifest) {
    facts->diagnostics.push_back(
        {{file.path, line},
         "unrendered template ({{ }}); render it first (helm template ... | "
         "ampcheck scan -); "
         "file skipped",
         Severity::kError});
    return;
  }
  // JSON that is not a Kubernetes object (package.json, service configs) is
  // not ours to diagnose.
  if (file.language == "json" &&
      file.content.find("\"apiVersion\"") == std::string_view::npos) {
    return;
  }
  // A window of documents at a time: a 50 MB cluster dump never holds more
  // than a window's nodes.
  ExtractManifestDocuments(file.path, file.content, facts,
                           [&](const YamlDocument& doc, FileFacts* found) {
                             YamlView view(file.path, doc.first_line);
                             ExtractManifest(doc.root, view, found, 0);
                           });
}

}  // namespace ampcheck
