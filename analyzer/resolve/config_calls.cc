#include "analyzer/resolve/config_calls.h"

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/resolve/attribution.h"
#include "analyzer/resolve/hosts.h"

namespace ampcheck {

std::optional<std::string> ClientConfigKey(const std::string& key) {
  static const RE2 kGateway(
      R"((?i)^spring\.cloud\.gateway(?:\.server\.webflux|\.server\.webmvc|\.mvc)?\.routes\[(\d+)\]\.uri$)");
  static const RE2 kFeign(
      R"((?i)^(?:spring\.cloud\.openfeign|feign)\.client\.config\.([^.]+)\.url$)");
  static const RE2 kMicroProfile(R"((?i)^(.+)/mp-rest/url$)");
  static const RE2 kQuarkus(R"((?i)^quarkus\.rest-client\.(.+)\.url$)");
  if (auto m = RegexFullMatch(kGateway, key))
    return "Spring Cloud Gateway route " + (*m)[1];
  if (auto m = RegexFullMatch(kFeign, key))
    return "OpenFeign client " + (*m)[1];
  auto m = RegexFullMatch(kMicroProfile, key);
  if (!m) m = RegexFullMatch(kQuarkus, key);
  if (m) {
    std::string name = (*m)[1];
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"')
      name = name.substr(1, name.size() - 2);
    return "MicroProfile Rest Client " + name;
  }
  return std::nullopt;
}

void CallsFromClientConfig(ResolveContext* c) {
  Attribution attribution(c);
  for (const auto& [file, property] : c->properties) {
    auto what = ClientConfigKey(property.key);
    if (!what) continue;
    int caller = attribution.ServiceOf(file);
    if (caller < 0) continue;
    auto ref = ParseHostReference(property.value, false);
    if (!ref) continue;
    std::string why_not;
    const std::string ns = c->model.services[caller].ns;
    int callee = c->ResolveOrExternal(*ref, ns, property.location, &why_not);
    if (callee < 0 || callee == caller) continue;
    int call = c->AddCall(caller, callee,
                          {property.location, *what + ": " + property.key +
                                                  "=" + Trim(property.value)});
    if (ref->port) c->call_ports.emplace(call, ref->port);
  }
}

}  // namespace ampcheck
