// Where a service's environment comes from, one list for both uses: the env
// values that name a host are its calls (call_graph.cc), and env lookups of
// its code and config overrides read the same list (service_config.cc).
//
// Precedence, highest first; a name is set once, by the first source that
// sets it:
//   1. the workload's env: Kubernetes env (value or configMapKeyRef), then
//      its envFrom ConfigMaps (Kubernetes lets env win over envFrom); a
//      docker-compose service's environment; what an Aspire AppHost sets;
//   2. the Dockerfile ENV of the image built from the service's directory.
// Application config that is not env (.NET appsettings*.json) is listed
// after them with from_config set: its values name calls as env values do,
// unless env sets the same key (Services__x__http__0 overrides
// Services:x:http:0, as .NET's env configuration provider does).
#ifndef AMPCHECK_RESOLVE_SERVICE_ENV_H_
#define AMPCHECK_RESOLVE_SERVICE_ENV_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/resolve/attribution.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

struct EnvValue {
  std::string name;
  std::string value;
  Location location;
  // How a call's evidence names it: "env X=v", "Dockerfile ENV X=v",
  // "appsettings Services:x:http:0=v", followed by `via`.
  std::string source = "env";
  std::string via;  // " (envFrom ConfigMap cm)"
  // How an override's evidence names it: "env X (ConfigMap cm)".
  std::string label;
  bool from_config = false;  // application config, not the process env
  bool shared = false;       // from an envFrom ConfigMap, shared by workloads
};

class ServiceEnvironment {
 public:
  ServiceEnvironment(ResolveContext* context, const Attribution& attribution);
  // Every value of the service, highest precedence first.
  const std::vector<EnvValue>& Of(int service) const;
  // The process env var `name` of the service (not application config).
  std::optional<EnvValue> Find(int service, const std::string& name) const;

 private:
  void Add(int service, EnvValue value);

  std::map<int, std::vector<EnvValue>> values_;
};

// .NET's configuration key for an env name and back: "Services__x__http__0"
// is "services:x:http:0" (case-insensitive both ways).
std::string DotnetConfigKey(const std::string& name);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_SERVICE_ENV_H_
