// A declarative extraction rule (rules/<language>/<rule-id>.yaml): a
// tree-sitter query and how its captures become a retry layer or call site.
// The format is documented in docs/rules.md and checked by rules/schema.yaml.
#ifndef AMPCHECK_EXTRACT_SOURCE_RULE_H_
#define AMPCHECK_EXTRACT_SOURCE_RULE_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/base/layer.h"
#include "analyzer/facts/facts.h"

namespace re2 {
class RE2;
}  // namespace re2

namespace ampcheck {

// Where a value comes from: a capture of the rule's query, a sub-query run
// inside the match (its capture `value`), or a literal; a literal next to a
// capture or sub-query is the default when they find nothing.
struct ValueSource {
  std::string capture;
  std::string query;   // sub-query source, run over the @match node
  int query_line = 0;  // line of the sub-query in the rule file
  std::optional<std::string> value;
  double unit_ms = 1;  // for bare numbers in durations
  // The sub-query runs on the nearest node around @match where it matches
  // with its @enclosing capture on that node (the pipeline a strategy is
  // added to), not inside @match.
  bool enclosing = false;
  bool empty() const { return capture.empty() && query.empty() && !value; }
};

struct TriesSpec {
  std::string semantics = "tries";  // "tries" or "retries"
  ValueSource count;
  std::optional<long long> default_count;  // in `semantics` units
  // When the count is absent: the layer is unbounded, with this detail.
  std::optional<std::string> unbounded_if_absent;
  std::vector<std::string> unbounded_values;  // texts meaning forever ("-1")
  std::string unbounded_detail;
  std::optional<long long> cap;  // e.g. gRPC maxAttempts is capped at 5
  std::string label;             // the library's name for the count
  // Fixed tries for layers without a count (OkHttp connection retry).
  std::optional<long long> fixed;
  // Application config that overrides the count (LayerFact::tries_property):
  // a template with {capture} placeholders and {package}, {class},
  // {method} (the enclosing declarations); empty parts collapse.
  std::string property;
  std::string property_semantics;  // "tries" | "retries"; default semantics
};

struct Rule {
  std::string id;
  std::string file;  // the rule file, for diagnostics
  int line = 0;
  std::string language;
  std::string library;
  std::string produces = "layer";  // "layer" or "call-site"
  LayerKind kind = LayerKind::kClient;
  // Enclosing type names that turn the kind into another one, e.g. a
  // handler-kind annotation on a *Repository class is a decorator.
  struct KindByEnclosing {
    std::string pattern;
    std::shared_ptr<const re2::RE2> regex;  // compiled once, at load
    LayerKind kind;
  };
  std::vector<KindByEnclosing> kind_by_enclosing;
  Provenance provenance = Provenance::kExplicit;
  std::vector<std::string> prefilter;        // any of these words
  std::vector<std::string> requires_words;   // all of these words in the file
  std::vector<std::string> unless_in_scope;  // none in the enclosing function
  std::vector<std::string> unless_in_file;   // none in the file
  // A query that must match in the enclosing function after the @match node,
  // each capture named like one of the rule query's with the same text: a
  // context.WithTimeout's ctx passed to a later call.
  std::string in_scope;
  int in_scope_line = 0;
  std::string query;
  int query_line = 0;
  TriesSpec tries;
  ValueSource per_try_timeout;
  ValueSource total_timeout;
  // A timeout rule's timeout bounds the whole call, the library's retries of
  // it included (Layer::whole_call).
  bool whole_call = false;
  // A layer rule matching a retry loop in the code (Layer::code_loop).
  bool loop = false;
  ValueSource backoff_base;
  ValueSource backoff_cap;
  ValueSource jitter;                    // value "true"/"false" or a capture
  ValueSource backoff_multiplier;        // Backoff::multiplier, a number
  std::optional<double> backoff_spread;  // Backoff::spread
  std::vector<std::string> retry_on;
  std::vector<std::string> methods;
  // The methods the layer retries when its statement (builder chain)
  // contains a word: AddStandardResilienceHandler(o =>
  // o.Retry.DisableForUnsafeHttpMethods()) retries GET, HEAD, OPTIONS, TRACE.
  struct MethodsWhen {
    std::string statement_contains;
    std::vector<std::string> methods;
  };
  std::vector<MethodsWhen> methods_when;
  ValueSource target;
  TargetKind target_kind = TargetKind::kNone;
  // Call sites: the target built from captures, as tries.property is
  // ("{key}/mp-rest/url" for @RegisterRestClient(configKey = "key")).
  std::string target_template;
  // The in-code default of an env or property target, used when the
  // service's config does not set it (os.getenv("X", "http://orders")).
  ValueSource target_fallback;
  // What the layer configures or a use names: "type" (AddHttpClient<T>:
  // the calls made in T) or "pipeline" (AddResiliencePipeline("name")).
  std::string through_kind;
  ValueSource through;
  std::string detail;  // appended to the layer's detail
  // Compile the query when a file first needs it rather than at start-up:
  // set for the shipped rules, which the tests compile; a user's rules are
  // compiled at once so a broken query is reported even if nothing uses it.
  bool compile_when_used = false;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_RULE_H_
