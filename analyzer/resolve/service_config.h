// A service's application config and environment, for layers whose count or
// target is set there: resilience4j.retry.instances.<x>.maxAttempts for
// @Retry(name = "x"), MicroProfile <class>/<method>/Retry/maxRetries,
// os.Getenv("RETRIES"), @Value("${pricing.base-url}").
#ifndef AMPCHECK_RESOLVE_SERVICE_CONFIG_H_
#define AMPCHECK_RESOLVE_SERVICE_CONFIG_H_

#include <map>
#include <optional>
#include <string>

#include "analyzer/resolve/attribution.h"
#include "analyzer/resolve/resolve_context.h"
#include "analyzer/resolve/service_env.h"

namespace ampcheck {

struct ConfigValue {
  std::string key;  // as written
  std::string value;
  Location location;
};

class ServiceConfig {
 public:
  ServiceConfig(ResolveContext* context, const Attribution& attribution);

  // A property in Spring's relaxed binding, the service's env first
  // (RESILIENCE4J_RETRY_INSTANCES_X_MAXATTEMPTS, Services__x__http__0 for
  // Services:x:http:0), then its application config; "env:NAME" reads an env
  // var only. The env is service_env.h's, the one calls are made from.
  std::optional<ConfigValue> Lookup(int service, const std::string& key) const;

  // The go.mod nearest above a file, when the nearest build marker is one.
  const BuildMarkerFact* GoModuleOf(const std::string& file) const;

 private:
  std::optional<ConfigValue> Env(int service, const std::string& name) const;

  ServiceEnvironment environment_;
  // service -> canonical key -> value
  std::map<int, std::map<std::string, ConfigValue>> properties_;
  // directory -> build markers there
  std::map<std::string, std::vector<BuildMarkerFact>> markers_;
};

// What a call-site or layer target names for a service: a URL or host as
// written, or the value the service's env or config sets, else the in-code
// default (target.fallback, or the default of "${key:default}").
struct TargetValue {
  std::string value;
  // Which won, when the target has an in-code default; "" otherwise:
  // "env ORDERS_URL unset, in-code default http://orders:8080 at app.py:12".
  std::string evidence;
};
std::optional<TargetValue> ConfiguredTarget(const Target& target, int service,
                                            const ServiceConfig& config,
                                            const Location& site);

// The layer with its count replaced by what the service's config sets, with
// the config line as evidence; MicroProfile's
// MP_Fault_Tolerance_NonFallback_Enabled=false turns @Retry off (1 try), and
// so does a grpc-go release that ignores a service config's retryPolicy
// (grpc_go_retry.h).
Layer WithConfiguredTries(const LayerFact& fact, int service,
                          const ServiceConfig& config);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_SERVICE_CONFIG_H_
