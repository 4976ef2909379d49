// Retry layers that application config defines on its own: Resilience4j
// instances, Spring Cloud OpenFeign retryers, Spring AMQP listener retry (and
// the unbounded requeue when it is off), Spring Kafka retry topics, Spring
// Cloud Stream consumers, Ribbon and Spring Cloud LoadBalancer retries.
#ifndef AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_LAYERS_H_
#define AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_LAYERS_H_

#include <vector>

#include "analyzer/facts/facts.h"

namespace ampcheck {

// Layers defined by one file's flattened properties (later keys win, as in
// Spring). Each layer's rule_id starts with "config-".
std::vector<LayerFact> LayersFromProperties(
    const std::vector<ConfigPropertyFact>& properties);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_LAYERS_H_
