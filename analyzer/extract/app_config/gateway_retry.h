// Spring Cloud Gateway's Retry filter, configured on a route in application
// config (spring.cloud.gateway.routes[i].filters[j]: name Retry, args.retries)
// or for every route (default-filters).
#ifndef AMPCHECK_EXTRACT_APP_CONFIG_GATEWAY_RETRY_H_
#define AMPCHECK_EXTRACT_APP_CONFIG_GATEWAY_RETRY_H_

#include <vector>

#include "analyzer/facts/facts.h"

namespace ampcheck {

// One layer (rule config-spring-cloud-gateway-retry) per Retry filter, aimed
// at its route's uri ("lb://orders" -> orders); a default filter has no
// target.
void GatewayRetryLayers(const std::vector<ConfigPropertyFact>& properties,
                        std::vector<LayerFact>* out);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_APP_CONFIG_GATEWAY_RETRY_H_
