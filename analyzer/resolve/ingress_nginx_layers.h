// ingress-nginx as an entry hop: the controller (its workload, or a node
// standing for it) calls each Service an Ingress it serves routes to, with
// the retry layer the Ingress's annotations, the controller's ConfigMap and
// ingress-nginx's defaults give. Semantics: reference/mesh.md section 7.
#ifndef AMPCHECK_RESOLVE_INGRESS_NGINX_LAYERS_H_
#define AMPCHECK_RESOLVE_INGRESS_NGINX_LAYERS_H_

#include <string>
#include <vector>

#include "analyzer/facts/facts.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

// Tries of one request through ingress-nginx: proxy-next-upstream-tries, a
// total that counts the first try, 0 = no limit; 1 when proxy-next-upstream
// is off. ingress-nginx balances in Lua over one placeholder upstream server
// and calls ngx.balancer.set_more_tries(1) on every try
// (rootfs/etc/nginx/lua/balancer.lua), so only proxy_next_upstream_tries
// caps the tries, not the number of endpoints as for plain nginx
// (NginxTries). reference/mesh.md section 7: "proxy-next-upstream-tries 3
// (total tries; NGINX caps peer.tries at it)", "0 = unlimited".
Tries IngressNginxTries(long long next_upstream_tries,
                        const std::vector<std::string>& next_upstream);

void AddIngressNginxHops(const std::vector<FileFacts>& facts,
                         ResolveContext* context);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_INGRESS_NGINX_LAYERS_H_
