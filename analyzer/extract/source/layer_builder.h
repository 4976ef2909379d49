// Turns the texts a rule match captured into a LayerFact: tries with the
// library's semantics converted to total tries, defaults, unbounded cases,
// timeouts and backoff, with the original wording kept as evidence.
#ifndef AMPCHECK_EXTRACT_SOURCE_LAYER_BUILDER_H_
#define AMPCHECK_EXTRACT_SOURCE_LAYER_BUILDER_H_

#include <optional>
#include <string>

#include "analyzer/extract/source/rule.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

// The texts found for each of a rule's value sources (absent: not found).
struct MatchValues {
  std::optional<std::string> count;
  std::optional<std::string> per_try_timeout;
  std::optional<std::string> total_timeout;
  std::optional<std::string> backoff_base;
  std::optional<std::string> backoff_cap;
  std::optional<std::string> backoff_multiplier;
  std::optional<std::string> jitter;
  std::optional<std::string> target;
  std::optional<std::string> target_fallback;
  // The rule's tries.property with its placeholders filled, or "".
  std::string tries_property;
};

LayerFact BuildLayer(const Rule& rule, const MatchValues& values,
                     const Location& location, LayerKind kind);

// "http://pricing:8080/x" from a string literal's text; quotes removed.
std::string StripQuotes(const std::string& text);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_LAYER_BUILDER_H_
