#include "analyzer/extract/app_config/gateway_retry.h"

#include <fmt/format.h>

#include <cctype>
#include <map>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/app_config/app_config.h"
#include "analyzer/extract/source/value_eval.h"

namespace ampcheck {
namespace {

constexpr const char* kRuleId = "config-spring-cloud-gateway-retry";
constexpr const char* kLibrary = "Spring Cloud Gateway Retry filter";

// One filter entry: routes[i].filters[j] or default-filters[j].
struct Filter {
  std::string route;  // "routes[0]", or "" for default-filters
  std::string name;   // "Retry", or the shortcut "Retry=3"
  Location location;
  std::map<std::string, const ConfigPropertyFact*> args;  // canonical key
};

// RetryGatewayFilterFactory.RetryConfig: retries 3 (retries after the
// first try), methods GET, series SERVER_ERROR (5xx), exceptions
// IOException and TimeoutException; backoff off unless configured. The
// shortcut form "Retry=3" sets retries.
LayerFact RetryLayer(const Filter& filter, const std::string& uri) {
  LayerFact fact;
  fact.rule_id = kRuleId;
  fact.library = kLibrary;
  fact.semantics = "retries";
  Layer& layer = fact.layer;
  layer.kind = LayerKind::kClient;
  layer.origin = kLibrary;
  layer.location = filter.location;
  layer.retry_on = {"5xx", "IOException", "TimeoutException"};
  fact.methods = {"GET"};
  std::string count_text;
  std::string count_key;
  if (size_t eq = filter.name.find('='); eq != std::string::npos) {
    count_text = Trim(Split(filter.name.substr(eq + 1), ',')[0]);
    count_key = "Retry=" + count_text;
  } else if (auto it = filter.args.find("args.retries");
             it != filter.args.end()) {
    count_text = Trim(it->second->value);
    count_key = it->second->key;
    layer.location = it->second->location;
  }
  std::optional<CountValue> count = EvalCount(count_text);
  if (count && !count->unbounded && count->count >= 0) {
    layer.tries = Tries::FromRetries(static_cast<uint64_t>(count->count));
    layer.detail = fmt::format("{} = {} (retries) = {} tries", count_key,
                               count_text, layer.tries.ToString());
  } else {
    layer.tries = Tries::FromRetries(3);
    layer.provenance = count_text.empty() ? Provenance::kLibraryDefault
                                          : Provenance::kInferred;
    layer.detail = count_text.empty()
                       ? "Spring Cloud Gateway Retry filter default: retries 3 "
                         "(retries) = 4 tries"
                       : fmt::format(
                             "{} = {} is not a number; assuming the default 3 "
                             "(retries) = 4 tries",
                             count_key, count_text);
  }
  std::vector<std::string> methods;
  for (const auto& [key, p] : filter.args) {
    if (key == "args.methods" || StartsWith(key, "args.methods[")) {
      for (const std::string& m : Split(p->value, ','))
        if (!Trim(m).empty()) methods.push_back(ToUpper(Trim(m)));
    }
  }
  if (!methods.empty()) fact.methods = methods;
  // statuses and series replace the default SERVER_ERROR series.
  std::vector<std::string> retry_on;
  for (const auto& [key, p] : filter.args) {
    for (const char* list : {"args.statuses", "args.series"}) {
      if (key == list || StartsWith(key, std::string(list) + "[")) {
        for (const std::string& v : Split(p->value, ','))
          if (!Trim(v).empty()) retry_on.push_back(Trim(v));
      }
    }
  }
  if (!retry_on.empty()) {
    retry_on.insert(retry_on.end(), {"IOException", "TimeoutException"});
    layer.retry_on = retry_on;
  }
  if (auto it = filter.args.find("args.backoff.firstbackoff");
      it != filter.args.end()) {
    layer.backoff.base = EvalDuration(Trim(it->second->value), 1);
  }
  if (auto it = filter.args.find("args.backoff.maxbackoff");
      it != filter.args.end()) {
    layer.backoff.cap = EvalDuration(Trim(it->second->value), 1);
  }
  if (!uri.empty()) {
    fact.target = {TargetKind::kUrl, uri, ""};
    layer.detail += "; route uri " + uri;
  } else if (filter.route.empty()) {
    layer.detail += "; a default filter: every route";
  }
  return fact;
}

}  // namespace

void GatewayRetryLayers(const std::vector<ConfigPropertyFact>& properties,
                        std::vector<LayerFact>* out) {
  // spring.cloud.gateway[.server.webflux|.mvc|.server.webmvc]
  //   .routes[i].filters[j][.name|.args.x]  or  .default-filters[j]...
  static const RE2 kFilter(
      R"((?i)spring\.cloud\.gateway(?:\.server\.webflux|\.server\.webmvc|\.mvc)?\.)"
      R"((?:(routes\[\d+\])\.filters|default-?filters)(\[\d+\])(?:\.(.+))?)");
  static const RE2 kUri(
      R"((?i)spring\.cloud\.gateway(?:\.server\.webflux|\.server\.webmvc|\.mvc)?\.)"
      R"((routes\[\d+\])\.uri)");
  std::map<std::string, std::string> uris;  // route -> uri
  std::map<std::string, Filter> filters;    // route + index -> filter
  std::vector<std::string> order;
  for (const ConfigPropertyFact& p : properties) {
    if (auto uri = RegexFullMatch(kUri, p.key)) {
      uris[(*uri)[1]] = Trim(p.value);
      continue;
    }
    std::optional<RegexGroups> filter = RegexFullMatch(kFilter, p.key);
    if (!filter) continue;
    const RegexGroups& m = *filter;
    std::string id = m[1] + m[2];
    auto [it, inserted] = filters.try_emplace(id);
    if (inserted) {
      order.push_back(id);
      it->second.route = m[1];
      it->second.location = p.location;
    }
    std::string rest = m[3];
    if (rest.empty() || CanonicalPropertyKey(rest) == "name") {
      it->second.name = Trim(p.value);
      it->second.location = p.location;
    } else {
      it->second.args[CanonicalPropertyKey(rest)] = &p;
    }
  }
  for (const std::string& id : order) {
    const Filter& filter = filters[id];
    std::string name = filter.name.substr(0, filter.name.find('='));
    if (Trim(name) != "Retry") continue;
    std::string uri;
    if (auto it = uris.find(filter.route); it != uris.end()) uri = it->second;
    out->push_back(RetryLayer(filter, uri));
  }
}

}  // namespace ampcheck
