#include "analyzer/resolve/ingress_nginx_layers.h"

#include <algorithm>
#include <map>

#include "analyzer/base/strings.h"
#include "analyzer/extract/proxies/nginx_config.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/ingress_nginx_settings.h"
#include "analyzer/resolve/worst_layer.h"

namespace ampcheck {
namespace {

constexpr const char* kController = "k8s.io/ingress-nginx";
constexpr const char* kAnnotationPrefix = "nginx.ingress.kubernetes.io/";

// A controller with its defaults applied: the one in the inputs, or the
// conventional install (namespace ingress-nginx, Helm's names).
struct Controller {
  std::string workload;  // "" when not in the inputs
  std::string ns = "ingress-nginx";
  std::string config_map = "ingress-nginx/ingress-nginx-controller";
  std::string ingress_class = "nginx";
  std::string controller_class = kController;
  bool watch_without_class = false;
  Location location;
};

std::vector<Controller> Controllers(const std::vector<FileFacts>& facts,
                                    const std::string& default_ns) {
  std::vector<Controller> out;
  for (const FileFacts& file : facts) {
    for (const IngressControllerFact& fact : file.ingress_controllers) {
      Controller c;
      c.workload = fact.workload;
      c.ns = fact.ns.empty() ? default_ns : fact.ns;
      if (!fact.config_map.empty()) {
        // The Helm chart passes "$(POD_NAMESPACE)/ingress-nginx-controller".
        c.config_map = fact.config_map;
        size_t at = c.config_map.find("$(POD_NAMESPACE)");
        if (at != std::string::npos) c.config_map.replace(at, 16, c.ns);
        if (c.config_map.find('/') == std::string::npos)
          c.config_map = c.ns + "/" + c.config_map;
      }
      if (!fact.ingress_class.empty()) c.ingress_class = fact.ingress_class;
      if (!fact.controller_class.empty())
        c.controller_class = fact.controller_class;
      c.watch_without_class = fact.watch_without_class;
      c.location = fact.location;
      out.push_back(std::move(c));
    }
  }
  if (out.empty()) out.emplace_back();
  return out;
}

bool HasNginxAnnotations(const IngressFact& ingress) {
  return std::any_of(ingress.annotations.begin(), ingress.annotations.end(),
                     [](const ConfigMapEntry& a) {
                       return StartsWith(a.key, kAnnotationPrefix);
                     });
}

// Which controller serves the Ingress, as ingress-nginx decides: the
// kubernetes.io/ingress.class annotation against --ingress-class, else
// spec.ingressClassName's IngressClass against --controller-class, else the
// default IngressClass or --watch-ingress-without-class. -1 when none; *why
// says how it was decided (or why not, when it matters).
int ServingController(
    const IngressFact& ingress, const std::vector<Controller>& controllers,
    const std::map<std::string, const IngressClassFact*>& classes,
    std::string* why, ResolveContext* c) {
  for (size_t i = 0; i < controllers.size(); ++i) {
    const Controller& ctl = controllers[i];
    int index = static_cast<int>(i);
    if (!ingress.class_annotation.empty()) {
      if (ingress.class_annotation != ctl.ingress_class) continue;
      *why = "annotation kubernetes.io/ingress.class " + ctl.ingress_class;
      return index;
    }
    if (!ingress.class_name.empty()) {
      auto known = classes.find(ingress.class_name);
      if (known != classes.end()) {
        if (known->second->controller != ctl.controller_class) continue;
        *why = "IngressClass " + ingress.class_name + " (" +
               known->second->location.ToString() + ") controller " +
               ctl.controller_class;
        return index;
      }
      if (ingress.class_name != ctl.ingress_class) continue;
      *why = "ingressClassName " + ingress.class_name;
      c->Assume("IngressClass " + ingress.class_name +
                " is not in the inputs: taken as ingress-nginx's "
                "(controller " +
                ctl.controller_class + ")");
      return index;
    }
    for (const auto& [name, fact] : classes) {
      if (fact->is_default && fact->controller == ctl.controller_class) {
        *why = "no class; default IngressClass " + name + " (" +
               fact->location.ToString() + ")";
        return index;
      }
    }
    if (ctl.watch_without_class) {
      *why = "no class; --watch-ingress-without-class (" +
             ctl.location.ToString() + ")";
      return index;
    }
  }
  return -1;
}

// An Ingress no controller in sight serves, with ingress-nginx annotations:
// its retries may count, so it is named rather than dropped.
void DiagnoseUnserved(
    const IngressFact& ingress,
    const std::map<std::string, const IngressClassFact*>& classes,
    ResolveContext* c) {
  if (!HasNginxAnnotations(ingress)) return;
  std::string label = "Ingress " + ingress.ns + "/" + ingress.name;
  const std::string& named = !ingress.class_annotation.empty()
                                 ? ingress.class_annotation
                                 : ingress.class_name;
  if (named.empty()) {
    c->Diagnose(ingress.location,
                label +
                    " names no class and no default IngressClass of "
                    "ingress-nginx is in the inputs; its " +
                    kAnnotationPrefix +
                    " annotations are not analysed (set "
                    "spec.ingressClassName)");
    return;
  }
  auto known = classes.find(named);
  if (known != classes.end()) return;  // another controller's, known
  c->Diagnose(ingress.location,
              label + " has class " + named +
                  ", which no IngressClass in the inputs and no ingress-nginx "
                  "controller (--ingress-class) serves; its " +
                  kAnnotationPrefix + " annotations are not analysed");
}

// The node a controller's calls start from.
int EntryNode(const Controller& ctl, const IngressFact& first,
              ResolveContext* c) {
  if (!ctl.workload.empty()) {
    auto it = c->workload_service.find(ctl.ns + "/" + ctl.workload);
    if (it != c->workload_service.end()) return it->second;
  }
  Service node;
  node.name = "ingress-nginx-controller";
  node.ns = "ingress-nginx";
  node.kind = "ingress-nginx";
  node.is_gateway = true;
  node.location = first.location;
  node.membership = "ingress-nginx controller, not in the inputs: no sidecar";
  c->Assume(
      "ingress-nginx controller not in the inputs: node "
      "ingress-nginx/ingress-nginx-controller stands for it, without a "
      "sidecar");
  return c->AddService(std::move(node));
}

const ConfigMapFact* FindConfigMap(const std::string& key,
                                   const ResolveContext& c) {
  auto it = c.config_maps.find(key);
  return it == c.config_maps.end() ? nullptr : it->second;
}

}  // namespace

Tries IngressNginxTries(long long next_upstream_tries,
                        const std::vector<std::string>& next_upstream) {
  if (NginxNextUpstreamOff(next_upstream)) return Tries::Of(1);
  if (next_upstream_tries == 0) return Tries::Unbounded();
  return Tries::Of(static_cast<uint64_t>(next_upstream_tries));
}

void AddIngressNginxHops(const std::vector<FileFacts>& facts,
                         ResolveContext* c) {
  const std::string& default_ns = c->policy.default_namespace;
  std::vector<IngressFact> ingresses;
  std::map<std::string, const IngressClassFact*> classes;
  for (const FileFacts& file : facts) {
    for (IngressFact ingress : file.ingresses) {
      if (ingress.ns.empty()) ingress.ns = default_ns;
      ingresses.push_back(std::move(ingress));
    }
    for (const IngressClassFact& fact : file.ingress_classes)
      classes.emplace(fact.name, &fact);
  }
  if (ingresses.empty()) return;
  std::vector<Controller> controllers = Controllers(facts, default_ns);
  // Per call: the worst layer of the Ingresses routing it, and each one's
  // summary.
  WorstLayerPerCall layers;
  for (const IngressFact& ingress : ingresses) {
    std::string why;
    int served = ServingController(ingress, controllers, classes, &why, c);
    if (served < 0) {
      DiagnoseUnserved(ingress, classes, c);
      continue;
    }
    const Controller& ctl = controllers[served];
    IngressNginxSettings settings(ingress, ctl.config_map,
                                  FindConfigMap(ctl.config_map, *c), c);
    Layer layer = settings.ToLayer();
    int node = -1;
    for (const IngressBackendFact& backend : ingress.backends) {
      HostReference ref{ToLower(backend.service), backend.port};
      std::string why_not;
      int callee =
          c->ResolveOrExternal(ref, ingress.ns, backend.location, &why_not);
      if (callee < 0) {
        c->Diagnose(backend.location,
                    "Ingress " + ingress.name + " routes to '" +
                        backend.service + "', which names no service (" +
                        why_not + "); hop not analyzed",
                    Severity::kNote);
        continue;
      }
      if (node < 0) node = EntryNode(ctl, ingress, c);
      int call = c->AddCall(
          node, callee,
          {backend.location,
           "Ingress " + ingress.ns + "/" + ingress.name + " (" + why +
               ") routes " + backend.route + " -> " + backend.service +
               (backend.port ? ":" + std::to_string(backend.port) : "")});
      Evidence summary{layer.location, "Ingress " + ingress.name + ": " +
                                           layer.tries.ToString() + " tries"};
      layers.Offer(call, layer, summary);
    }
  }
  layers.AddTo(&c->model, "Ingresses");
}

}  // namespace ampcheck
