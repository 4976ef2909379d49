#include "analyzer/extract/policy.h"

#include <set>

#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {
namespace {

class PolicyReader {
 public:
  PolicyReader(const YamlView& view, std::vector<Diagnostic>* diagnostics)
      : view_(view), diagnostics_(diagnostics) {}

  void Error(const yaml::Node& node, const std::string& message) {
    diagnostics_->push_back(
        {view_.At(node), "policy: " + message, Severity::kError});
  }

  // Reports keys this schema does not know, so typos do not pass silently.
  void CheckKeys(const yaml::Node& node, const std::string& where,
                 const std::set<std::string>& known) {
    if (!node.IsMap()) return;
    for (auto it = node.begin(); it != node.end(); ++it) {
      std::string key = YamlView::Scalar(it->first).value_or("");
      if (!known.count(key))
        Error(it->first, "unknown key '" + key + "' in " + where);
    }
  }

  bool Count(const yaml::Node& node, const std::string& field, uint64_t minimum,
             uint64_t* value) {
    long long n;
    if (!ParseInt(YamlView::Scalar(node).value_or(""), &n) ||
        n < static_cast<long long>(minimum)) {
      Error(node, field + " must be an integer >= " + std::to_string(minimum));
      return false;
    }
    *value = static_cast<uint64_t>(n);
    return true;
  }

  std::optional<Millis> Duration(const yaml::Node& node,
                                 const std::string& field, bool* ok) {
    if (!node.IsDefined()) return std::nullopt;
    auto ms = ParseDuration(YamlView::Scalar(node).value_or(""));
    if (!ms) {
      Error(node, field + " is not a duration (e.g. 250ms, 2s)");
      *ok = false;
    }
    return ms;
  }

  std::optional<DeclaredLayer> ReadLayer(const yaml::Node& node) {
    CheckKeys(node, "layers[]",
              {"service", "target", "kind", "tries", "retries", "unbounded",
               "per_try_timeout", "timeout", "backoff", "origin", "retry_on",
               "budget_percent", "reason"});
    DeclaredLayer d;
    d.service = YamlView::String(node, "service");
    d.target = YamlView::String(node, "target");
    bool ok = true;
    if (d.service.empty()) {
      Error(node, "layers[] needs a service");
      ok = false;
    }
    std::string kind = YamlView::String(node, "kind");
    auto parsed_kind = ParseLayerKind(kind.empty() ? "client" : kind);
    if (!parsed_kind) {
      Error(Child(node, "kind"),
            "layers[].kind must be consumer, handler, decorator, client, "
            "mesh or mesh-inbound");
      ok = false;
    }
    Layer& layer = d.layer;
    layer.kind = parsed_kind.value_or(LayerKind::kClient);
    layer.provenance = Provenance::kDeclared;
    layer.location = view_.At(node);
    layer.origin = YamlView::String(node, "origin");
    if (layer.origin.empty())
      layer.origin = std::string("declared ") + LayerKindName(layer.kind);
    uint64_t n = 0;
    if (YamlView::String(node, "unbounded") == "true") {
      layer.tries = Tries::Unbounded();
      layer.detail = "declared unbounded";
    } else if (Child(node, "tries").IsDefined()) {
      ok = Count(Child(node, "tries"), "layers[].tries", 1, &n) && ok;
      layer.tries = Tries::Of(n);
      layer.detail = "tries " + std::to_string(n);
    } else if (Child(node, "retries").IsDefined()) {
      ok = Count(Child(node, "retries"), "layers[].retries", 0, &n) && ok;
      layer.tries = Tries::FromRetries(n);
      layer.detail = "retries " + std::to_string(n) + " = " +
                     std::to_string(n + 1) + " tries";
    } else {
      Error(node, "layers[] needs tries, retries or unbounded: true");
      ok = false;
    }
    layer.per_try_timeout =
        Duration(Child(node, "per_try_timeout"), "per_try_timeout", &ok);
    layer.total_timeout = Duration(Child(node, "timeout"), "timeout", &ok);
    yaml::Node backoff = Child(node, "backoff");
    if (backoff.IsMap()) {
      CheckKeys(backoff, "backoff", {"base", "cap", "jitter"});
      layer.backoff.base =
          Duration(Child(backoff, "base"), "backoff.base", &ok);
      layer.backoff.cap = Duration(Child(backoff, "cap"), "backoff.cap", &ok);
      std::string jitter = YamlView::String(backoff, "jitter");
      if (!jitter.empty()) layer.backoff.jitter = jitter == "true";
    }
    layer.retry_on = YamlView::StringList(Child(node, "retry_on"));
    if (auto pct = YamlView::Scalar(Child(node, "budget_percent"))) {
      try {
        layer.budget_percent = std::stod(*pct);
        layer.budget_location = view_.At(Child(node, "budget_percent"));
      } catch (...) {
        Error(Child(node, "budget_percent"), "budget_percent must be a number");
        ok = false;
      }
    }
    if (!ok) return std::nullopt;
    return d;
  }

  std::optional<Documentation> ReadDocumentation(const yaml::Node& node) {
    CheckKeys(node, "documented[]",
              {"from", "to", "path", "owner", "max_tries", "reason"});
    Documentation d;
    d.from = YamlView::String(node, "from");
    d.to = YamlView::String(node, "to");
    d.path = YamlView::StringList(Child(node, "path"));
    d.owner = YamlView::String(node, "owner");
    d.reason = YamlView::String(node, "reason");
    d.location = view_.At(node);
    bool ok = true;
    if (d.path.empty() && d.to.empty()) {
      Error(node, "documented[] needs path, or to (with from for one call)");
      ok = false;
    }
    if (!Child(node, "max_tries").IsDefined()) {
      Error(node, "documented[] needs max_tries");
      ok = false;
    } else {
      ok = Count(Child(node, "max_tries"), "documented[].max_tries", 1,
                 &d.max_tries) &&
           ok;
    }
    if (d.owner.empty()) {
      Error(node, "documented[] needs owner (the layer that owns retries)");
      ok = false;
    }
    if (d.reason.empty()) {
      Error(node, "documented[] needs a reason");
      ok = false;
    }
    if (!ok) return std::nullopt;
    return d;
  }

  void Read(const yaml::Node& root, Policy* policy) {
    CheckKeys(
        root, "the policy file",
        {"version", "limits", "mesh", "entries", "services", "calls", "layers",
         "documented", "suppressions", "capacity", "sources", "rules", "render",
         "environments",
         "exclude"});  // exclude: read before discovery (policy_exclude.h)
    ReadRender(Child(root, "render"), &policy->render);
    ReadEnvironments(root, &policy->environments);
    yaml::Node limits = Child(root, "limits");
    CheckKeys(limits, "limits", {"max_tries"});
    if (Child(limits, "max_tries").IsDefined()) {
      Count(Child(limits, "max_tries"), "limits.max_tries", 1,
            &policy->max_tries);
    }
    yaml::Node mesh = Child(root, "mesh");
    CheckKeys(mesh, "mesh", {"istio_version", "sidecars", "default_namespace"});
    policy->istio_version = YamlView::String(mesh, "istio_version");
    std::string sidecars = YamlView::String(mesh, "sidecars");
    if (sidecars == "all") {
      policy->sidecars = SidecarAssumption::kAll;
    } else if (sidecars == "none") {
      policy->sidecars = SidecarAssumption::kNone;
    } else if (!sidecars.empty() && sidecars != "auto") {
      Error(Child(mesh, "sidecars"), "mesh.sidecars must be auto, all or none");
    }
    std::string ns = YamlView::String(mesh, "default_namespace");
    if (!ns.empty()) policy->default_namespace = ns;
    policy->entries = YamlView::StringList(Child(root, "entries"));
    policy->rule_dirs = YamlView::StringList(Child(root, "rules"));
    for (const yaml::Node& node : Sequence(root, "services")) {
      CheckKeys(node, "services[]", {"name", "in_mesh", "protocol"});
      DeclaredService s{YamlView::String(node, "name"), std::nullopt,
                        ToLower(YamlView::String(node, "protocol")),
                        view_.At(node)};
      if (!s.protocol.empty() && s.protocol != "http" && s.protocol != "grpc" &&
          s.protocol != "tcp") {
        Error(Child(node, "protocol"),
              "services[].protocol must be http, grpc or tcp");
        s.protocol.clear();
      }
      std::string in_mesh = YamlView::String(node, "in_mesh");
      if (!in_mesh.empty()) s.in_mesh = in_mesh == "true";
      if (s.ref.empty()) {
        Error(node, "services[] needs a name");
      } else {
        policy->services.push_back(s);
      }
    }
    for (const yaml::Node& node : Sequence(root, "calls")) {
      CheckKeys(node, "calls[]", {"from", "to", "reason"});
      DeclaredCall c{YamlView::String(node, "from"),
                     YamlView::String(node, "to"),
                     YamlView::String(node, "reason"), view_.At(node)};
      if (c.from.empty() || c.to.empty()) {
        Error(node, "calls[] needs from and to");
      } else {
        policy->calls.push_back(c);
      }
    }
    for (const yaml::Node& node : Sequence(root, "layers")) {
      if (auto layer = ReadLayer(node)) policy->layers.push_back(*layer);
    }
    for (const yaml::Node& node : Sequence(root, "documented")) {
      if (auto doc = ReadDocumentation(node))
        policy->documented.push_back(*doc);
    }
    for (const yaml::Node& node : Sequence(root, "sources")) {
      CheckKeys(node, "sources[]", {"path", "service"});
      SourceAttribution a{YamlView::String(node, "path"),
                          YamlView::String(node, "service"), view_.At(node)};
      while (EndsWith(a.path, "/")) a.path.pop_back();
      if (a.service.empty()) {
        Error(node, "sources[] needs path and service");
      } else {
        policy->sources.push_back(a);
      }
    }
    for (const yaml::Node& node : Sequence(root, "capacity")) {
      CheckKeys(node, "capacity[]", {"service", "pool", "rate"});
      CapacityDeclaration d{YamlView::String(node, "service"), 0, 0,
                            view_.At(node)};
      if (d.service.empty() || !Child(node, "pool").IsDefined() ||
          !Child(node, "rate").IsDefined()) {
        Error(node, "capacity[] needs service, pool and rate");
      } else if (Count(Child(node, "pool"), "capacity[].pool", 1, &d.pool) &&
                 Count(Child(node, "rate"), "capacity[].rate", 1, &d.rate)) {
        policy->capacity.push_back(d);
      }
    }
    for (const yaml::Node& node : Sequence(root, "suppressions")) {
      CheckKeys(node, "suppressions[]", {"check", "service", "reason"});
      Suppression s{YamlView::String(node, "check"),
                    YamlView::String(node, "service"),
                    YamlView::String(node, "reason"),
                    view_.At(node),
                    {}};
      if (s.check.empty() || s.reason.empty()) {
        Error(node, "suppressions[] needs check and reason");
      } else {
        policy->suppressions.push_back(s);
      }
    }
  }

  // environments: [{path: deploy/prod, name: prod}, {path: deploy/staging}]
  void ReadEnvironments(const yaml::Node& root,
                        std::vector<EnvironmentSetting>* environments) {
    for (const yaml::Node& entry : Sequence(root, "environments")) {
      EnvironmentSetting e;
      e.location = view_.At(entry);
      CheckKeys(entry, "environments[]", {"path", "name"});
      e.path = YamlView::String(entry, "path");
      e.name = YamlView::String(entry, "name");
      if (e.path.empty()) {
        Error(entry, "environments[].path must name a directory");
        continue;
      }
      environments->push_back(std::move(e));
    }
  }

  void ReadRender(const yaml::Node& node, RenderSettings* render) {
    if (!node.IsDefined() || node.IsNull()) return;
    if (!node.IsMap()) {
      Error(node, "render must be a map");
      return;
    }
    CheckKeys(node, "render",
              {"helm", "kubectl", "kustomize", "timeout", "charts"});
    auto program = [&](const char* key, std::string* path, Location* at) {
      yaml::Node value = Child(node, key);
      if (!value.IsDefined()) return;
      auto scalar = YamlView::Scalar(value);
      if (!scalar || scalar->empty()) {
        Error(value, std::string("render.") + key + " must be a program path");
        return;
      }
      *path = *scalar;
      *at = view_.At(value);
    };
    program("helm", &render->helm, &render->helm_location);
    program("kubectl", &render->kubectl, &render->kubectl_location);
    program("kustomize", &render->kustomize, &render->kustomize_location);
    bool ok = true;
    if (auto timeout =
            Duration(Child(node, "timeout"), "render.timeout", &ok)) {
      if (*timeout <= 0) {
        Error(Child(node, "timeout"), "render.timeout must be above 0");
      } else {
        render->timeout_ms = *timeout;
      }
    }
    for (const yaml::Node& chart : Sequence(node, "charts")) {
      CheckKeys(chart, "render.charts[]",
                {"path", "release", "namespace", "values"});
      ChartSettings c;
      c.path = YamlView::String(chart, "path");
      c.release = YamlView::String(chart, "release");
      c.ns = YamlView::String(chart, "namespace");
      c.location = view_.At(chart);
      yaml::Node values = Child(chart, "values");
      if (values.IsDefined() && !values.IsSequence()) {
        Error(values, "render.charts[].values must be a list of files");
        continue;
      }
      c.values = YamlView::StringList(values);
      if (c.path.empty()) {
        Error(chart, "render.charts[] needs a path (the chart directory)");
        continue;
      }
      render->charts.push_back(c);
    }
  }

  std::vector<yaml::Node> Sequence(const yaml::Node& root,
                                   const std::string& key) {
    std::vector<yaml::Node> out;
    yaml::Node node = Child(root, key);
    if (!node.IsDefined() || node.IsNull()) return out;
    if (!node.IsSequence()) {
      Error(node, key + " must be a list");
      return out;
    }
    for (const yaml::Node& item : node) {
      if (item.IsMap()) {
        out.push_back(item);
      } else {
        Error(item, key + "[] must be a map");
      }
    }
    return out;
  }

 private:
  const YamlView& view_;
  std::vector<Diagnostic>* diagnostics_;
};

}  // namespace

Policy ParsePolicy(const std::string& file, std::string_view content,
                   std::vector<Diagnostic>* diagnostics) {
  Policy policy;
  policy.file = file;
  std::vector<YamlDocument> docs =
      ParseYamlDocuments(file, content, diagnostics);
  if (docs.empty()) return policy;
  if (docs.size() > 1) {
    diagnostics->push_back({{file, docs[1].first_line},
                            "policy: only the first YAML document is read",
                            Severity::kWarning});
  }
  YamlView view(file, docs[0].first_line);
  if (!docs[0].root.IsMap()) {
    diagnostics->push_back({{file, docs[0].first_line},
                            "policy: the file must be a map",
                            Severity::kError});
    return policy;
  }
  PolicyReader(view, diagnostics).Read(docs[0].root, &policy);
  return policy;
}

}  // namespace ampcheck
