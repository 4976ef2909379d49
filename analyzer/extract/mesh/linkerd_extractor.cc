// Linkerd annotations and ServiceProfiles. A value Linkerd would reject is a
// warning at its line and is left out of the fact, never guessed.
#include "analyzer/extract/mesh/linkerd_extractor.h"

#include <cctype>
#include <cstdlib>
#include <set>

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

constexpr const char kRetryPrefix[] = "retry.linkerd.io/";
constexpr const char kRequestTimeout[] = "timeout.linkerd.io/request";

// retry.linkerd.io/http: "5xx", "gateway-error", a status "504" or a range
// "500-504".
bool IsHttpCondition(const std::string& token) {
  if (token == "5xx" || token == "gateway-error") return true;
  std::vector<std::string> bounds = Split(token, '-');
  if (bounds.empty() || bounds.size() > 2) return false;
  for (const std::string& bound : bounds) {
    long long code;
    if (!ParseInt(bound, &code) || code < 100 || code > 599) return false;
  }
  return true;
}

bool IsGrpcCondition(const std::string& token) {
  static const std::set<std::string> known = {"cancelled", "deadline-exceeded",
                                              "internal", "resource-exhausted",
                                              "unavailable"};
  return known.count(token) > 0;
}

std::string Upper(std::string text) {
  for (char& ch : text)
    ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return text;
}

struct AnnotationReader {
  const Manifest& m;
  FileFacts* facts;
  LinkerdRetryFact* out;

  void Warn(const Location& at, const std::string& message) {
    facts->diagnostics.push_back(
        {at, m.Label() + ": " + message, Severity::kWarning});
  }

  std::vector<std::string> Conditions(const std::string& key,
                                      const std::string& value,
                                      const Location& at,
                                      bool (*valid)(const std::string&)) {
    std::vector<std::string> conditions;
    for (const std::string& raw : Split(value, ',')) {
      std::string token = ToLower(Trim(raw));
      if (token.empty()) continue;
      if (valid(token)) {
        conditions.push_back(token);
      } else {
        Warn(at, key + " has an unknown condition '" + token + "'; ignored");
      }
    }
    return conditions;
  }

  std::optional<Millis> Duration(const std::string& key,
                                 const std::string& value, const Location& at,
                                 const std::string& consequence) {
    auto ms = ParseDuration(value);
    if (!ms) {
      long long bare;
      Warn(at, key + " is not a duration: '" + value + "'" +
                   (ParseInt(value, &bare)
                        ? " (a unit is required: \"" + value + "s\")"
                        : "") +
                   "; " + consequence);
    }
    return ms;
  }

  void Read(const std::string& key, const std::string& value,
            const Location& at) {
    // linkerd/website reference/retries.md: the http conditions are not
    // valid on a GRPCRoute, the grpc ones not on an HTTPRoute.
    if ((key == "retry.linkerd.io/http" && m.kind == "GRPCRoute") ||
        (key == "retry.linkerd.io/grpc" && m.kind == "HTTPRoute")) {
      Warn(at, key + " is not valid on a " + m.kind + "; ignored");
      return;
    }
    out->annotations.push_back({at, key + ": " + value});
    if (!out->location.known()) out->location = at;
    if (key == kRequestTimeout) {
      out->request_timeout =
          Duration(key, value, at, "no request timeout is counted");
      return;
    }
    out->retries = true;
    std::string field = key.substr(sizeof(kRetryPrefix) - 1);
    if (field == "limit") {
      long long limit;
      if (!ParseInt(value, &limit) || limit < 0) {
        Warn(at, key + " is not a retry count: '" + value +
                     "'; the default of 1 retry is counted");
      } else {
        out->limit = limit;
      }
    } else if (field == "http") {
      out->http = Conditions(key, value, at, IsHttpCondition);
    } else if (field == "grpc") {
      out->grpc = Conditions(key, value, at, IsGrpcCondition);
    } else if (field == "timeout") {
      out->per_try_timeout =
          Duration(key, value, at, "no per-try timeout is counted");
    } else {
      Warn(at, "unknown annotation " + key + "; ignored");
    }
  }
};

}  // namespace

void ExtractLinkerdAnnotations(const Manifest& m, FileFacts* facts) {
  yaml::Node annotations = Child(Child(m.root, "metadata"), "annotations");
  if (!annotations.IsMap()) return;
  LinkerdRetryFact fact;
  fact.kind = m.kind;
  fact.name = m.name;
  fact.ns = m.ns;
  AnnotationReader reader{m, facts, &fact};
  for (auto it = annotations.begin(); it != annotations.end(); ++it) {
    auto key = YamlView::Scalar(it->first);
    if (!key || (!StartsWith(*key, kRetryPrefix) && *key != kRequestTimeout))
      continue;
    Location at = m.at(it->second);
    auto value = YamlView::Scalar(it->second);
    if (!value) {
      reader.Warn(at, *key + " is not a string; ignored");
      continue;
    }
    reader.Read(*key, Trim(*value), at);
  }
  if (!fact.annotations.empty()) facts->linkerd_retries.push_back(fact);
}

bool ExtractLinkerdResource(const Manifest& m, FileFacts* facts) {
  if (!StartsWith(m.api_version, "linkerd.io/") || m.kind != "ServiceProfile")
    return false;
  ServiceProfileFact profile;
  profile.name = m.name;
  profile.ns = m.ns;
  profile.location = m.location();
  auto warn = [&](const yaml::Node& node, const std::string& message) {
    facts->diagnostics.push_back(
        {m.at(node), m.Label() + ": " + message, Severity::kWarning});
  };
  yaml::Node spec = Child(m.root, "spec");
  yaml::Node routes = Child(spec, "routes");
  if (routes.IsSequence()) {
    for (const yaml::Node& node : routes) {
      ServiceProfileRouteFact route;
      route.name = YamlView::String(node, "name");
      route.location = m.at(node);
      route.method =
          Upper(YamlView::String(Child(node, "condition"), "method"));
      std::string retryable = YamlView::String(node, "isRetryable");
      route.retryable = retryable == "true";
      if (!retryable.empty() && retryable != "true" && retryable != "false")
        warn(Child(node, "isRetryable"), "isRetryable is not true or false: '" +
                                             retryable + "'; read as false");
      std::string timeout = YamlView::String(node, "timeout");
      if (!timeout.empty()) {
        route.timeout = ParseDuration(timeout);
        if (!route.timeout)
          warn(Child(node, "timeout"),
               "route timeout is not a duration: '" + timeout + "'; ignored");
      }
      profile.routes.push_back(std::move(route));
    }
  }
  yaml::Node budget = Child(spec, "retryBudget");
  if (budget.IsMap()) {
    profile.has_budget_block = true;
    profile.budget_location = m.at(budget);
    auto number = [&](const char* key, double* out) {
      yaml::Node node = Child(budget, key);
      if (!node.IsDefined()) return;
      std::string text = YamlView::Scalar(node).value_or("");
      char* end = nullptr;
      double value = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0' || value < 0) {
        warn(node, std::string("retryBudget.") + key +
                       " is not a non-negative number: '" + text +
                       "'; read as 0");
        return;
      }
      *out = value;
    };
    number("retryRatio", &profile.retry_ratio);
    number("minRetriesPerSecond", &profile.min_retries_per_second);
    std::string ttl = YamlView::String(budget, "ttl");
    if (!ttl.empty()) {
      profile.ttl = ParseDuration(ttl);
      if (!profile.ttl)
        warn(Child(budget, "ttl"),
             "retryBudget.ttl is not a duration: '" + ttl + "'");
    }
  }
  facts->service_profiles.push_back(std::move(profile));
  return true;
}

}  // namespace ampcheck
