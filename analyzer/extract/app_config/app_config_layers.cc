#include "analyzer/extract/app_config/app_config_layers.h"

#include <fmt/format.h>

#include <map>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/app_config/app_config.h"
#include "analyzer/extract/app_config/gateway_retry.h"
#include "analyzer/extract/source/value_eval.h"

namespace ampcheck {
namespace {

// The properties under one prefix ("resilience4j.retry.instances.pricing."),
// by the canonical form of the rest of the key ("maxattempts").
struct Group {
  std::string prefix;  // as written in the first key seen
  std::string name;    // the instance/client/binding name, when there is one
  std::map<std::string, const ConfigPropertyFact*> keys;
  Location first;

  const ConfigPropertyFact* Get(const std::string& canonical) const {
    auto it = keys.find(canonical);
    return it == keys.end() ? nullptr : it->second;
  }
  std::string Text(const std::string& canonical) const {
    const ConfigPropertyFact* p = Get(canonical);
    return p ? Trim(p->value) : "";
  }
  bool True(const std::string& canonical) const {
    return ToLower(Text(canonical)) == "true";
  }
  bool False(const std::string& canonical) const {
    return ToLower(Text(canonical)) == "false";
  }
};

// Groups properties whose key matches `pattern`: group 1 is the prefix, group
// 2 (optional) the name, group 3 the rest of the key.
std::vector<Group> GroupBy(const std::vector<ConfigPropertyFact>& properties,
                           const RE2& pattern) {
  std::map<std::string, Group> groups;  // by canonical prefix
  std::vector<std::string> order;
  for (const ConfigPropertyFact& p : properties) {
    std::optional<RegexGroups> match = RegexFullMatch(pattern, p.key);
    if (!match) continue;
    const RegexGroups& m = *match;
    std::string id = CanonicalPropertyKey(m[1]);
    auto [it, inserted] = groups.try_emplace(id);
    if (inserted) {
      order.push_back(id);
      it->second.prefix = m[1];
      it->second.name = m.size() > 3 ? m[2] : "";
      it->second.first = p.location;
    }
    it->second.keys[CanonicalPropertyKey(m.back())] = &p;
  }
  std::vector<Group> out;
  for (const std::string& id : order) out.push_back(std::move(groups[id]));
  return out;
}

std::optional<Millis> DurationOf(const Group& g, const std::string& key,
                                 std::optional<Millis> fallback) {
  std::string text = g.Text(key);
  if (text.empty()) return fallback;
  if (auto d = EvalDuration(text, 1)) return d;
  return fallback;
}

LayerFact NewLayer(const std::string& rule_id, const std::string& library,
                   LayerKind kind, const Location& location) {
  LayerFact fact;
  fact.rule_id = rule_id;
  fact.library = library;
  fact.semantics = "tries";
  fact.layer.kind = kind;
  fact.layer.origin = library;
  fact.layer.location = location;
  return fact;
}

// Sets tries from a count property counting tries (A) or retries (R); when
// absent, the library default (in the same unit) with library-default
// provenance.
void SetCount(const Group& g, const std::string& key, const std::string& label,
              bool retries, long long default_count, LayerFact* fact) {
  fact->semantics = retries ? "retries" : "tries";
  auto tries_of = [&](long long n) {
    return retries ? Tries::FromRetries(n < 0 ? 0 : n)
                   : Tries::Of(n < 1 ? 1 : n);
  };
  auto wording = [&](long long n) {
    return retries ? fmt::format("(retries) = {} tries", tries_of(n).ToString())
                   : std::string("(tries)");
  };
  const ConfigPropertyFact* p = g.Get(key);
  std::optional<CountValue> count;
  if (p) count = EvalCount(p->value);
  if (p && count && !count->unbounded) {
    fact->layer.tries = tries_of(count->count);
    fact->layer.location = p->location;
    fact->layer.detail = fmt::format("{} = {} {}", p->key, Trim(p->value),
                                     wording(count->count));
    return;
  }
  fact->layer.tries = tries_of(default_count);
  if (p) {
    fact->layer.provenance = Provenance::kInferred;
    fact->layer.location = p->location;
    fact->layer.detail = fmt::format(
        "{} = {} is not a number; assuming the default {} {}", p->key,
        Trim(p->value), default_count, wording(default_count));
    return;
  }
  fact->layer.provenance = Provenance::kLibraryDefault;
  fact->layer.detail = fmt::format("{} default: {} {} {}", fact->library, label,
                                   default_count, wording(default_count));
}

// resilience4j.retry.instances.<x>.maxAttempts (tries); an instance without
// one takes its baseConfig's, then configs.default's, then 3.
void Resilience4j(const std::vector<ConfigPropertyFact>& properties,
                  std::vector<LayerFact>* out) {
  static const RE2 kPattern(
      R"(^(resilience4j\.retry\.(?:instances|configs|backends)\.([^.]+))\.(.+)$)");
  std::vector<Group> groups = GroupBy(properties, kPattern);
  std::map<std::string, const Group*> configs;
  for (const Group& g : groups) {
    if (CanonicalPropertyKey(g.prefix).find(".configs.") != std::string::npos)
      configs[CanonicalPropertyKey(g.name)] = &g;
  }
  for (const Group& g : groups) {
    if (CanonicalPropertyKey(g.prefix).find(".configs.") != std::string::npos)
      continue;
    const Group* source = &g;
    if (!g.Get("maxattempts")) {
      std::string base = CanonicalPropertyKey(g.Text("baseconfig"));
      if (base.empty()) base = "default";
      if (auto it = configs.find(base);
          it != configs.end() && it->second->Get("maxattempts")) {
        source = it->second;
      }
    }
    LayerFact fact = NewLayer("config-resilience4j-retry", "Resilience4j Retry",
                              LayerKind::kDecorator, g.first);
    SetCount(*source, "maxattempts", "maxAttempts", false, 3, &fact);
    if (source != &g) {
      fact.layer.detail += fmt::format(" at {}, inherited by instance {}",
                                       fact.layer.location.ToString(), g.name);
      fact.layer.location = g.first;
    }
    fact.layer.backoff.base =
        DurationOf(*source, "waitduration", DurationOf(g, "waitduration", 500));
    fact.layer.backoff.cap =
        DurationOf(*source, "exponentialmaxwaitduration", std::nullopt);
    fact.layer.backoff.jitter =
        source->True("enablerandomizedwait") || g.True("enablerandomizedwait");
    fact.tries_property = g.prefix + ".maxAttempts";
    fact.tries_property_semantics = "tries";
    out->push_back(std::move(fact));
  }
}

// spring.cloud.openfeign.client.config.<name>.retryer (feign.client.config
// before Spring Cloud 2022): the class decides the count.
void OpenFeign(const std::vector<ConfigPropertyFact>& properties,
               std::vector<LayerFact>* out) {
  static const RE2 kPattern(
      R"(^((?:spring\.cloud\.openfeign|feign)\.client\.config\.([^.]+))\.(.+)$)");
  for (const Group& g : GroupBy(properties, kPattern)) {
    const ConfigPropertyFact* retryer = g.Get("retryer");
    if (!retryer) continue;
    std::string cls = Trim(retryer->value);
    if (cls.find("NEVER_RETRY") != std::string::npos) continue;
    LayerFact fact =
        NewLayer("config-openfeign-retryer", "Spring Cloud OpenFeign",
                 LayerKind::kClient, retryer->location);
    if (EndsWith(cls, "Retryer.Default") || EndsWith(cls, "Retryer$Default")) {
      fact.layer.tries = Tries::Of(5);
      fact.layer.detail =
          fmt::format("{} = {}: Feign core default maxAttempts 5 (tries)",
                      retryer->key, cls);
      fact.layer.backoff = {100, 1000, false};
    } else {
      fact.layer.tries = Tries::Of(2);
      fact.layer.provenance = Provenance::kInferred;
      fact.layer.detail = fmt::format(
          "{} = {}: a custom Retryer whose count is not in config; assuming at "
          "least 2 tries",
          retryer->key, cls);
    }
    fact.layer.per_try_timeout = DurationOf(g, "readtimeout", std::nullopt);
    if (CanonicalPropertyKey(g.name) != "default")
      fact.target = {TargetKind::kHost, g.name, ""};
    out->push_back(std::move(fact));
  }
}

// spring.rabbitmq.listener.{simple,direct}.retry.*: max-attempts counts tries
// (Boot <= 3), max-retries retries (Boot 4); default 3, 1s, max 10s. With
// retry off, a failed message is requeued (default-requeue-rejected true)
// and redelivered forever on a classic queue.
void RabbitListener(const std::vector<ConfigPropertyFact>& properties,
                    std::vector<LayerFact>* out) {
  static const RE2 kPattern(
      R"(^(spring\.rabbitmq\.listener\.(simple|direct))\.(.+)$)");
  for (const Group& g : GroupBy(properties, kPattern)) {
    const ConfigPropertyFact* enabled = g.Get("retry.enabled");
    LayerFact fact = NewLayer("config-spring-rabbitmq-listener-retry",
                              "Spring AMQP listener", LayerKind::kConsumer,
                              enabled ? enabled->location : g.first);
    if (g.True("retry.enabled")) {
      if (g.Get("retry.maxretries")) {
        SetCount(g, "retry.maxretries", "max-retries", true, 3, &fact);
      } else {
        SetCount(g, "retry.maxattempts", "max-attempts", false, 3, &fact);
      }
      fact.layer.backoff.base = DurationOf(g, "retry.initialinterval", 1000);
      fact.layer.backoff.cap = DurationOf(g, "retry.maxinterval", 10000);
      fact.layer.backoff.jitter = false;
    } else if (g.False("defaultrequeuerejected")) {
      continue;  // retry off, rejected messages dropped or dead-lettered
    } else {
      fact.layer.tries = Tries::Unbounded();
      fact.layer.provenance = Provenance::kLibraryDefault;
      fact.semantics = "retries";
      fact.layer.detail = fmt::format(
          "{}.retry.enabled is {} and default-requeue-rejected is not false: "
          "a failed message is requeued and redelivered forever (classic "
          "queue)",
          g.prefix, enabled ? Trim(enabled->value) : "not set");
    }
    out->push_back(std::move(fact));
  }
}

// spring.kafka.retry.topic.* (Boot): attempts counts tries before the DLT,
// default 3, delay 1s.
void KafkaRetryTopic(const std::vector<ConfigPropertyFact>& properties,
                     std::vector<LayerFact>* out) {
  static const RE2 kPattern(R"(^(spring\.kafka\.retry\.topic)\.(.+)$)");
  for (const Group& g : GroupBy(properties, kPattern)) {
    if (!g.True("enabled")) continue;
    LayerFact fact =
        NewLayer("config-spring-kafka-retry-topic", "Spring Kafka retry topics",
                 LayerKind::kConsumer, g.Get("enabled")->location);
    SetCount(g, "attempts", "attempts", false, 3, &fact);
    fact.layer.backoff.base = DurationOf(g, "delay", 1000);
    fact.layer.backoff.cap = DurationOf(g, "maxdelay", std::nullopt);
    fact.layer.backoff.jitter = g.True("randombackoff");
    out->push_back(std::move(fact));
  }
}

// spring.cloud.stream.bindings.<b>.consumer.max-attempts: tries, default 3,
// back-off 1s x2 up to 10s.
void CloudStreamConsumer(const std::vector<ConfigPropertyFact>& properties,
                         std::vector<LayerFact>* out) {
  static const RE2 kPattern(
      R"(^(spring\.cloud\.stream\.bindings\.([^.]+)\.consumer)\.(.+)$)");
  for (const Group& g : GroupBy(properties, kPattern)) {
    LayerFact fact =
        NewLayer("config-spring-cloud-stream-consumer",
                 "Spring Cloud Stream consumer", LayerKind::kConsumer, g.first);
    SetCount(g, "maxattempts", "max-attempts", false, 3, &fact);
    fact.layer.backoff.base = DurationOf(g, "backoffinitialinterval", 1000);
    fact.layer.backoff.cap = DurationOf(g, "backoffmaxinterval", 10000);
    fact.layer.backoff.jitter = false;
    out->push_back(std::move(fact));
  }
}

// Two retry counts that multiply: (same + 1) x (next + 1). Ribbon:
// MaxAutoRetries 0 / MaxAutoRetriesNextServer 1; Spring Cloud LoadBalancer:
// max-retries-on-same-service-instance 0 / -next-service-instance 1.
void SameAndNext(const Group& g, const std::string& same_key,
                 const std::string& next_key, LayerFact* fact) {
  auto count = [&](const std::string& key, long long fallback) {
    std::optional<CountValue> v = EvalCount(g.Text(key));
    return v && !v->unbounded ? v->count : fallback;
  };
  long long same = count(same_key, 0), next = count(next_key, 1);
  fact->semantics = "retries";
  fact->layer.tries = Tries::FromRetries(same < 0 ? 0 : same) *
                      Tries::FromRetries(next < 0 ? 0 : next);
  if (const ConfigPropertyFact* p = g.Get(same_key)) {
    fact->layer.location = p->location;
  } else if (const ConfigPropertyFact* n = g.Get(next_key)) {
    fact->layer.location = n->location;
  }
  fact->layer.detail = fmt::format(
      "(same instance {} + 1) x (next instance {} + 1) = {} tries (retries "
      "each{})",
      same, next, fact->layer.tries.ToString(),
      g.Get(same_key) && g.Get(next_key) ? "" : "; unset counts are defaults");
}

void Ribbon(const std::vector<ConfigPropertyFact>& properties,
            std::vector<LayerFact>* out) {
  static const RE2 kPattern(R"(^((?:([^.]+)\.)?ribbon)\.(.+)$)");
  for (const Group& g : GroupBy(properties, kPattern)) {
    if (!g.Get("maxautoretries") && !g.Get("maxautoretriesnextserver"))
      continue;
    LayerFact fact =
        NewLayer("config-ribbon", "Ribbon", LayerKind::kClient, g.first);
    SameAndNext(g, "maxautoretries", "maxautoretriesnextserver", &fact);
    fact.layer.per_try_timeout = DurationOf(g, "readtimeout", std::nullopt);
    if (!g.name.empty()) fact.target = {TargetKind::kHost, g.name, ""};
    out->push_back(std::move(fact));
  }
}

void LoadBalancer(const std::vector<ConfigPropertyFact>& properties,
                  std::vector<LayerFact>* out) {
  static const RE2 kPattern(
      R"(^(spring\.cloud\.loadbalancer(?:\.clients\.([^.]+))?\.retry)\.(.+)$)");
  for (const Group& g : GroupBy(properties, kPattern)) {
    if (g.False("enabled")) continue;
    if (!g.Get("maxretriesonsameserviceinstance") &&
        !g.Get("maxretriesonnextserviceinstance"))
      continue;
    LayerFact fact =
        NewLayer("config-spring-cloud-loadbalancer-retry",
                 "Spring Cloud LoadBalancer", LayerKind::kClient, g.first);
    SameAndNext(g, "maxretriesonsameserviceinstance",
                "maxretriesonnextserviceinstance", &fact);
    if (!g.True("retryonallmethods")) fact.methods = {"GET"};
    if (!g.name.empty()) fact.target = {TargetKind::kHost, g.name, ""};
    out->push_back(std::move(fact));
  }
}

}  // namespace

std::vector<LayerFact> LayersFromProperties(
    const std::vector<ConfigPropertyFact>& properties) {
  std::vector<LayerFact> out;
  Resilience4j(properties, &out);
  OpenFeign(properties, &out);
  RabbitListener(properties, &out);
  KafkaRetryTopic(properties, &out);
  CloudStreamConsumer(properties, &out);
  Ribbon(properties, &out);
  LoadBalancer(properties, &out);
  GatewayRetryLayers(properties, &out);
  return out;
}

}  // namespace ampcheck
