// Calls named by client-framework and gateway config of a service (its
// application.yml / .properties), each at the config line:
//   spring.cloud.gateway[.server.webflux|.mvc].routes[i].uri (lb://svc,
//     http://svc:port): the gateway service calls svc;
//   spring.cloud.openfeign.client.config.<name>.url and the older
//     feign.client.config.<name>.url (OpenFeign);
//   <interface or configKey>/mp-rest/url and quarkus.rest-client.<key>.url
//     (MicroProfile Rest Client, Quarkus).
#ifndef AMPCHECK_RESOLVE_CONFIG_CALLS_H_
#define AMPCHECK_RESOLVE_CONFIG_CALLS_H_

#include <optional>
#include <string>

#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

// What a client or route config key is ("Spring Cloud Gateway route 0",
// "OpenFeign client customers"), or nullopt when the key names no call.
std::optional<std::string> ClientConfigKey(const std::string& key);

void CallsFromClientConfig(ResolveContext* context);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_CONFIG_CALLS_H_
