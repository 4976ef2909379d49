#include "analyzer/extract/source/layer_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "analyzer/base/strings.h"
#include "analyzer/extract/source/value_eval.h"

namespace ampcheck {
namespace {

std::optional<Millis> Duration(const std::optional<std::string>& text,
                               const ValueSource& source) {
  if (!text) return std::nullopt;
  return EvalDuration(*text, source.unit_ms);
}

// A back-off the code sets to what is not a constant (RetryWaitMin =
// cfg.Wait) keeps the library's default, and the detail says so: an unknown
// wait counted as none would shorten the hold time silently.
std::optional<Millis> BackoffDuration(const std::optional<std::string>& text,
                                      const ValueSource& source,
                                      const std::string& what,
                                      std::string* detail) {
  std::optional<Millis> value = Duration(text, source);
  if (value || !text || !source.value) return value;
  std::optional<Millis> fallback = EvalDuration(*source.value, source.unit_ms);
  if (fallback) {
    *detail += fmt::format("; {} {} is not a constant: the default {} assumed",
                           what, Trim(*text), FormatDuration(*fallback));
  }
  return fallback;
}

std::string CountWording(const Rule& rule, const std::string& text) {
  std::string label = rule.tries.label.empty() ? "count" : rule.tries.label;
  return fmt::format("{} = {}", label, Trim(text));
}

// Sets tries, provenance and the detail from the count.
void SetTries(const Rule& rule, const MatchValues& values, LayerFact* fact) {
  const TriesSpec& spec = rule.tries;
  Layer& layer = fact->layer;
  bool retries = spec.semantics == "retries";
  auto from_count = [&](long long n) {
    if (retries)
      return Tries::FromRetries(n < 0 ? 0 : static_cast<uint64_t>(n));
    return Tries::Of(n < 1 ? 1 : static_cast<uint64_t>(n));
  };
  auto conversion = [&](long long n) {
    Tries t = from_count(n);
    return retries
               ? fmt::format("({}) = {} tries", spec.semantics, t.ToString())
               : fmt::format("({})", spec.semantics);
  };
  if (spec.fixed) {
    layer.tries = Tries::Of(*spec.fixed);
    layer.detail = fmt::format("{} tries", *spec.fixed);
    return;
  }
  if (values.count) {
    std::string text = StripQuotes(Trim(*values.count));
    bool forever =
        std::find(spec.unbounded_values.begin(), spec.unbounded_values.end(),
                  text) != spec.unbounded_values.end();
    std::optional<CountValue> count = EvalCount(*values.count);
    if (forever || (count && count->unbounded)) {
      layer.tries = Tries::Unbounded();
      layer.detail =
          fmt::format("{}: unbounded", CountWording(rule, *values.count));
      if (!spec.unbounded_detail.empty())
        layer.detail += " (" + spec.unbounded_detail + ")";
      return;
    }
    if (count) {
      long long n = count->count;
      std::string capped;
      if (spec.cap &&
          from_count(n).count() > static_cast<uint64_t>(*spec.cap)) {
        capped = fmt::format(", capped at {} tries", *spec.cap);
        layer.tries = Tries::Of(*spec.cap);
      } else {
        layer.tries = from_count(n);
      }
      layer.detail = fmt::format("{} {}{}", CountWording(rule, *values.count),
                                 conversion(n), capped);
      return;
    }
    // A Spring placeholder: the property decides, else its default.
    if (auto ref = PropertyPlaceholder(text)) {
      fact->tries_property = ref->key;
      fact->tries_property_semantics = spec.semantics;
      std::optional<CountValue> fallback = EvalCount(ref->fallback);
      if (fallback && !fallback->unbounded) {
        layer.tries = from_count(fallback->count);
        layer.detail = fmt::format(
            "{}: property {}, default {} {}", CountWording(rule, text),
            ref->key, fallback->count, conversion(fallback->count));
        return;
      }
    }
    // An environment variable: the workload's env decides (resolve).
    if (auto env = EnvLookupName(text)) {
      fact->tries_property = "env:" + *env;
      fact->tries_property_semantics = spec.semantics;
    }
    // A variable or a call: the number is not in this file.
    layer.provenance = Provenance::kInferred;
    if (spec.default_count) {
      layer.tries = from_count(*spec.default_count);
      layer.detail =
          fmt::format("{} is not a constant; assuming the default {} {}",
                      CountWording(rule, *values.count), *spec.default_count,
                      conversion(*spec.default_count));
    } else {
      layer.tries = Tries::Of(2);
      layer.detail =
          fmt::format("{} is not a constant; assuming at least 2 tries",
                      CountWording(rule, *values.count));
    }
    return;
  }
  if (spec.unbounded_if_absent) {
    layer.tries = Tries::Unbounded();
    layer.detail = "unbounded: " + *spec.unbounded_if_absent;
    return;
  }
  long long n = spec.default_count.value_or(0);
  layer.tries = from_count(n);
  layer.provenance = Provenance::kLibraryDefault;
  std::string label = spec.label.empty() ? "" : spec.label + " ";
  layer.detail =
      fmt::format("{} default: {}{} {}", rule.library, label, n, conversion(n));
}

}  // namespace

std::string StripQuotes(const std::string& text) {
  std::string s = Trim(text);
  if (s.size() >= 2 &&
      (s.front() == '"' || s.front() == '\'' || s.front() == '`') &&
      s.back() == s.front()) {
    // `\$` is a literal $ in Kotlin strings and JS templates, where
    // "\${pricing.base-url}" spells a Spring placeholder; no language
    // ampcheck reads gives it another meaning in a URL.
    std::string inner = s.substr(1, s.size() - 2);
    for (size_t at = inner.find("\\$"); at != std::string::npos;
         at = inner.find("\\$", at))
      inner.erase(at, 1);
    return inner;
  }
  return s;
}

LayerFact BuildLayer(const Rule& rule, const MatchValues& values,
                     const Location& location, LayerKind kind) {
  LayerFact fact;
  fact.rule_id = rule.id;
  fact.library = rule.library;
  fact.semantics = rule.tries.semantics;
  fact.methods = rule.methods;
  Layer& layer = fact.layer;
  layer.kind = kind;
  layer.provenance = rule.provenance;
  layer.origin = rule.library;
  layer.location = location;
  layer.retry_on = rule.retry_on;
  if (!values.tries_property.empty()) {
    fact.tries_property = values.tries_property;
    fact.tries_property_semantics = rule.tries.property_semantics;
  }
  layer.per_try_timeout =
      Duration(values.per_try_timeout, rule.per_try_timeout);
  layer.total_timeout = Duration(values.total_timeout, rule.total_timeout);
  for (const auto& [text, value] :
       {std::pair{values.total_timeout, layer.total_timeout},
        std::pair{values.per_try_timeout, layer.per_try_timeout}}) {
    if (text && !value && layer.timeout_expression.empty())
      layer.timeout_expression = Trim(*text);
  }
  layer.code_loop = rule.loop;
  if (rule.produces == "timeout") {
    layer.tries = Tries::Of(1);
    layer.timeout_only = true;
    layer.whole_call = rule.whole_call;
    if (layer.total_timeout) {
      layer.detail = "timeout " + FormatDuration(*layer.total_timeout);
    } else if (layer.per_try_timeout) {
      layer.detail = "timeout " + FormatDuration(*layer.per_try_timeout);
    } else {
      layer.detail =
          "timeout " + layer.timeout_expression + " (not a constant)";
    }
    layer.detail +=
        layer.whole_call ? " over the whole call, its retries included" : "";
    layer.detail += ", does not retry";
  } else {
    SetTries(rule, values, &fact);
  }
  if (!rule.detail.empty()) layer.detail += "; " + rule.detail;
  layer.backoff.base = BackoffDuration(values.backoff_base, rule.backoff_base,
                                       "back-off base", &layer.detail);
  layer.backoff.cap = BackoffDuration(values.backoff_cap, rule.backoff_cap,
                                      "back-off cap", &layer.detail);
  if (values.backoff_multiplier) {
    // A number as written (1.5, 2); anything else leaves the doubling.
    std::string text = Trim(StripQuotes(*values.backoff_multiplier));
    char* end = nullptr;
    double m = std::strtod(text.c_str(), &end);
    if (!text.empty() && end == text.c_str() + text.size() && std::isfinite(m))
      layer.backoff.multiplier = m;
  }
  layer.backoff.spread = rule.backoff_spread;
  if (values.jitter) {
    std::string j = ToLower(StripQuotes(*values.jitter));
    if (j == "true" || j == "false") {
      layer.backoff.jitter = j == "true";
    } else if (auto n = EvalDuration(j, 1)) {
      layer.backoff.jitter = *n > 0;  // a jitter amount or factor
    } else {
      layer.backoff.jitter = true;  // a jitter function or option is present
    }
  }
  if (values.target && rule.target_kind != TargetKind::kNone) {
    fact.target = {rule.target_kind, StripQuotes(*values.target),
                   StripQuotes(values.target_fallback.value_or(""))};
  }
  return fact;
}

}  // namespace ampcheck
