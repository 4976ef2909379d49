#include "analyzer/resolve/config_calls.h"

#include <regex>

#include "analyzer/base/strings.h"
#include "analyzer/resolve/attribution.h"
#include "analyzer/resolve/hosts.h"

namespace ampcheck {

std::optional<std::string> ClientConfigKey(const std::string& key) {
  static const std::regex kGateway(
      R"(^spring\.cloud\.gateway(?:\.server\.webflux|\.server\.webmvc|\.mvc)?\.routes\[(\d+)\]\.uri$)",
      std::regex::icase);
  static const std::regex kFeign(
      R"(^(?:spring\.cloud\.openfeign|feign)\.client\.config\.([^.]+)\.url$)",
      std::regex::icase);
  static const std::regex kMicroProfile(R"(^(.+)/mp-rest/url$)",
                                        std::regex::icase);
  static const std::regex kQuarkus(R"(^quarkus\.rest-client\.(.+)\.url$)",
                                   std::regex::icase);
  std::smatch m;
  if (std::regex_match(key, m, kGateway))
    return "Spring Cloud Gateway route " + m[1].str();
  if (std::regex_match(key, m, kFeign)) return "OpenFeign client " + m[1].str();
  if (std::regex_match(key, m, kMicroProfile) ||
      std::regex_match(key, m, kQuarkus)) {
    std::string name = m[1].str();
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
