#include "analyzer/resolve/ingress_nginx_settings.h"

#include <algorithm>

#include "analyzer/base/strings.h"
#include "analyzer/extract/proxies/nginx_config.h"
#include "analyzer/resolve/ingress_nginx_layers.h"

namespace ampcheck {
namespace {

constexpr const char* kAnnotationPrefix = "nginx.ingress.kubernetes.io/";

bool WholeNumber(const std::string& text) {
  long long n = 0;
  return ParseInt(Trim(text), &n) && n >= 0;
}

long long Number(const std::string& text) {
  long long n = 0;
  ParseInt(Trim(text), &n);
  return n;
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  for (const std::string& word : Split(text, ' ')) {
    if (!Trim(word).empty()) words.push_back(Trim(word));
  }
  return words;
}

bool Contains(const std::vector<std::string>& list, const std::string& word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

}  // namespace

std::string IngressNginxSetting::Describe() const {
  return key + " " + value + " (" + source + ")";
}

IngressNginxSettings::IngressNginxSettings(const IngressFact& ingress,
                                           const std::string& config_map_name,
                                           const ConfigMapFact* config_map,
                                           ResolveContext* c)
    : ingress_(ingress),
      config_map_name_(config_map_name),
      config_map_(config_map),
      c_(c) {
  tries_ = Get("proxy-next-upstream-tries", "3", true, "a whole number",
               WholeNumber);
  next_upstream_ =
      Get("proxy-next-upstream", "error timeout", true, "a list of conditions",
          [](const std::string& v) { return !Words(v).empty(); });
  non_idempotent_ =
      Get("retry-non-idempotent", "false", false, "true or false",
          [](const std::string& v) { return v == "true" || v == "false"; });
  read_timeout_ = Get("proxy-read-timeout", "60", true,
                      "a whole number of seconds", WholeNumber);
  next_upstream_timeout_ = Get("proxy-next-upstream-timeout", "0", true,
                               "a whole number of seconds", WholeNumber);
}

IngressNginxSetting IngressNginxSettings::Get(
    const std::string& key, const std::string& fallback, bool annotation,
    const std::string& expected,
    const std::function<bool(const std::string&)>& valid) {
  auto refuse = [&](const IngressNginxSetting& s) {
    c_->Diagnose(s.location, "ingress-nginx: " + s.source + " sets " + key +
                                 " '" + s.value + "', which is not " +
                                 expected + "; ingress-nginx ignores it");
  };
  for (const ConfigMapEntry& a : ingress_.annotations) {
    if (a.key != kAnnotationPrefix + key) continue;
    IngressNginxSetting s{key, Trim(a.value), a.location,
                          "annotation " + a.key + ", " + a.location.ToString()};
    if (!annotation) {
      c_->Diagnose(a.location,
                   "ingress-nginx: " + a.key +
                       " is not an annotation ingress-nginx reads; " + key +
                       " is a ConfigMap key only",
                   Severity::kWarning);
      break;
    }
    if (valid(s.value)) return s;
    refuse(s);
  }
  if (config_map_) {
    for (const ConfigMapEntry& e : config_map_->data) {
      if (e.key != key) continue;
      IngressNginxSetting s{
          key, Trim(e.value), e.location,
          "ConfigMap " + config_map_name_ + ", " + e.location.ToString()};
      if (valid(s.value)) return s;
      refuse(s);
    }
  }
  return {key, fallback, {}, "ingress-nginx default"};
}

Layer IngressNginxSettings::ToLayer() const {
  Layer layer;
  layer.kind = LayerKind::kClient;
  std::vector<std::string> conditions = Words(next_upstream_.value);
  // The controller's template appends non_idempotent when
  // retry-non-idempotent is true (buildNextUpstream).
  if (non_idempotent_.value == "true" &&
      !Contains(conditions, "non_idempotent"))
    conditions.push_back("non_idempotent");
  layer.tries = IngressNginxTries(Number(tries_.value), conditions);
  bool off = NginxNextUpstreamOff(conditions);
  const IngressNginxSetting& decides = off ? next_upstream_ : tries_;
  layer.provenance = decides.is_default() ? Provenance::kLibraryDefault
                                          : Provenance::kExplicit;
  layer.origin = "ingress-nginx Ingress " + ingress_.ns + "/" + ingress_.name;
  layer.location = decides.is_default() ? ingress_.location : decides.location;
  layer.retry_on = conditions;
  layer.methods = NginxRetriedMethods(conditions);
  if (long long s = Number(read_timeout_.value); s > 0)
    layer.per_try_timeout = s * 1000;
  if (long long s = Number(next_upstream_timeout_.value); s > 0)
    layer.total_timeout = s * 1000;

  std::string count = off ? next_upstream_.Describe() + " = 1 try"
                      : layer.tries.unbounded()
                          ? tries_.Describe() + ": no limit = unbounded tries"
                          : tries_.Describe() + " = " + layer.tries.ToString() +
                                " tries (a total, the first included)";
  bool any_5xx =
      std::any_of(conditions.begin(), conditions.end(),
                  [](const std::string& w) { return StartsWith(w, "http_5"); });
  std::string detail = count;
  if (!off) {
    detail += "; " + next_upstream_.Describe() +
              (any_5xx ? "" : ": no retry on a 5xx response");
  }
  detail += "; " + non_idempotent_.Describe() +
            (layer.methods.empty()
                 ? ": any method is resent"
                 : ": POST, LOCK and PATCH are not resent once sent");
  detail += "; " + read_timeout_.Describe() + " seconds per try";
  detail += "; " + next_upstream_timeout_.Describe() +
            (layer.total_timeout ? " seconds over all tries"
                                 : ": no limit over the tries");
  layer.detail = detail;
  for (const IngressNginxSetting* s :
       {&tries_, &next_upstream_, &non_idempotent_, &read_timeout_,
        &next_upstream_timeout_}) {
    if (!s->is_default())
      layer.evidence.push_back({s->location, s->Describe()});
  }
  return layer;
}

}  // namespace ampcheck
