// The retry settings ingress-nginx runs one Ingress with: each from the
// Ingress's nginx.ingress.kubernetes.io/ annotation, else the controller's
// ConfigMap, else ingress-nginx's default (docs/user-guide/
// nginx-configuration/configmap.md; reference/mesh.md section 7), with
// where it came from.
#ifndef AMPCHECK_RESOLVE_INGRESS_NGINX_SETTINGS_H_
#define AMPCHECK_RESOLVE_INGRESS_NGINX_SETTINGS_H_

#include <functional>
#include <string>

#include "analyzer/facts/facts.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

struct IngressNginxSetting {
  std::string key;    // "proxy-next-upstream-tries"
  std::string value;  // as written, or the default
  Location location;  // unknown for a default
  // "annotation nginx.ingress.kubernetes.io/x (ing.yaml:7)", "ConfigMap
  // ingress-nginx/ingress-nginx-controller (cm.yaml:9)", "ingress-nginx
  // default".
  std::string source;
  bool is_default() const { return !location.known(); }
  // "proxy-next-upstream-tries 4 (annotation ...)".
  std::string Describe() const;
};

class IngressNginxSettings {
 public:
  // config_map may be null (not in the inputs); config_map_name names it.
  IngressNginxSettings(const IngressFact& ingress,
                       const std::string& config_map_name,
                       const ConfigMapFact* config_map, ResolveContext* c);

  // The layer: tries from proxy-next-upstream-tries (IngressNginxTries),
  // conditions from proxy-next-upstream (plus non_idempotent when
  // retry-non-idempotent is true, as the controller's template does), the
  // methods nginx resends (NginxRetriedMethods), proxy-read-timeout per try
  // and proxy-next-upstream-timeout over all tries (0: none). Every default
  // applied is named in the detail.
  Layer ToLayer() const;

 private:
  // The value of `key`: the annotation when `annotation` (retry-non-idempotent
  // is a ConfigMap key only), else the ConfigMap, else `fallback`. A value
  // `valid` refuses is diagnosed and the next source is used.
  IngressNginxSetting Get(const std::string& key, const std::string& fallback,
                          bool annotation, const std::string& expected,
                          const std::function<bool(const std::string&)>& valid);

  const IngressFact& ingress_;
  std::string config_map_name_;
  const ConfigMapFact* config_map_;
  ResolveContext* c_;
  IngressNginxSetting tries_, next_upstream_, non_idempotent_, read_timeout_,
      next_upstream_timeout_;
};

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_INGRESS_NGINX_SETTINGS_H_
