#include "analyzer/extract/proxies/ingress_nginx_extractor.h"

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

bool IsIngressGroup(const std::string& api_version) {
  return StartsWith(api_version, "networking.k8s.io/") ||
         StartsWith(api_version, "extensions/");
}

// v1: {service: {name, port: {number | name}}}; v1beta1: {serviceName,
// servicePort}. A backend `resource` is no Service and makes no call.
void AddBackend(const Manifest& m, const yaml::Node& backend,
                const std::string& route, IngressFact* ingress,
                FileFacts* facts) {
  if (!backend.IsMap()) return;
  yaml::Node service = Child(backend, "service");
  std::string name = YamlView::String(service, "name");
  std::string port = YamlView::String(Child(service, "port"), "number");
  if (name.empty()) {
    name = YamlView::String(backend, "serviceName");
    port = YamlView::String(backend, "servicePort");
  }
  if (name.empty()) {
    if (Child(backend, "resource").IsDefined()) {
      facts->diagnostics.push_back(
          {m.at(backend),
           "Ingress " + m.name + ": backend " + route +
               " is a resource, not a Service; no call",
           Severity::kNote});
    }
    return;
  }
  long long number = 0;
  IngressBackendFact fact;
  fact.service = name;
  if (ParseInt(port, &number) && number > 0 && number < 65536)
    fact.port = static_cast<int>(number);
  fact.route = route;
  fact.location = m.at(backend);
  ingress->backends.push_back(std::move(fact));
}

void ExtractIngress(const Manifest& m, FileFacts* facts) {
  IngressFact ingress;
  ingress.name = m.name;
  ingress.ns = m.ns;
  ingress.location = m.location();
  yaml::Node spec = Child(m.root, "spec");
  ingress.class_name = YamlView::String(spec, "ingressClassName");
  yaml::Node annotations = Child(Child(m.root, "metadata"), "annotations");
  if (annotations.IsMap()) {
    for (auto it = annotations.begin(); it != annotations.end(); ++it) {
      auto key = YamlView::Scalar(it->first);
      auto value = YamlView::Scalar(it->second);
      if (!key || !value) continue;
      if (*key == "kubernetes.io/ingress.class")
        ingress.class_annotation = *value;
      ingress.annotations.push_back({*key, *value, m.at(it->second)});
    }
  }
  for (const char* key : {"defaultBackend", "backend"})
    AddBackend(m, Child(spec, key), "default backend", &ingress, facts);
  yaml::Node rules = Child(spec, "rules");
  if (rules.IsSequence()) {
    for (const yaml::Node& rule : rules) {
      std::string host = YamlView::String(rule, "host");
      yaml::Node paths = Child(Child(rule, "http"), "paths");
      if (!paths.IsSequence()) continue;
      for (const yaml::Node& path : paths) {
        std::string route =
            (host.empty() ? "*" : host) + YamlView::String(path, "path");
        AddBackend(m, Child(path, "backend"), route, &ingress, facts);
      }
    }
  }
  facts->ingresses.push_back(std::move(ingress));
}

// "--configmap=ns/name" or "--configmap" "ns/name".
std::string FlagValue(const std::vector<std::string>& args,
                      const std::string& flag) {
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    if (StartsWith(arg, "--")) arg = arg.substr(1);  // Go takes -x and --x
    if (arg == flag && i + 1 < args.size()) {
      return args[i + 1];
    }
    if (StartsWith(arg, flag + "=")) {
      return arg.substr(flag.size() + 1);
    }
  }
  return "";
}

}  // namespace

bool ExtractIngressResource(const Manifest& m, FileFacts* facts) {
  if (!IsIngressGroup(m.api_version)) return false;
  if (m.kind == "Ingress") {
    ExtractIngress(m, facts);
    return true;
  }
  if (m.kind == "IngressClass") {
    yaml::Node metadata = Child(m.root, "metadata");
    auto annotations = YamlView::StringMap(Child(metadata, "annotations"));
    auto is_default =
        annotations.find("ingressclass.kubernetes.io/is-default-class");
    facts->ingress_classes.push_back(
        {m.name, YamlView::String(Child(m.root, "spec"), "controller"),
         is_default != annotations.end() && is_default->second == "true",
         m.location()});
    return true;
  }
  return false;
}

void ExtractIngressNginxController(const Manifest& m,
                                   const yaml::Node& pod_spec,
                                   FileFacts* facts) {
  yaml::Node containers = Child(pod_spec, "containers");
  if (!containers.IsSequence()) return;
  for (const yaml::Node& container : containers) {
    std::vector<std::string> args =
        YamlView::StringList(Child(container, "command"));
    for (const std::string& arg :
         YamlView::StringList(Child(container, "args")))
      args.push_back(arg);
    std::string image = YamlView::String(container, "image");
    bool controller =
        image.find("ingress-nginx/controller") != std::string::npos;
    for (const std::string& arg : args)
      controller = controller || EndsWith(arg, "/nginx-ingress-controller");
    if (!controller) continue;
    IngressControllerFact fact;
    fact.workload = m.name;
    fact.ns = m.ns;
    fact.config_map = FlagValue(args, "-configmap");
    fact.ingress_class = FlagValue(args, "-ingress-class");
    fact.controller_class = FlagValue(args, "-controller-class");
    // A Go bool flag: "--watch-ingress-without-class" or "...=true".
    for (std::string arg : args) {
      if (StartsWith(arg, "--")) arg = arg.substr(1);
      if (arg == "-watch-ingress-without-class" ||
          arg == "-watch-ingress-without-class=true")
        fact.watch_without_class = true;
    }
    fact.location = m.at(container);
    facts->ingress_controllers.push_back(std::move(fact));
    return;
  }
}

}  // namespace ampcheck
