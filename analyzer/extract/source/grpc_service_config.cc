#include "analyzer/extract/source/grpc_service_config.h"

#include <fmt/format.h>
#include <tree_sitter/api.h>

#include <algorithm>

#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"
#include "analyzer/extract/source/ancestors.h"
#include "analyzer/extract/source/grammars.h"
#include "analyzer/extract/source/query.h"
#include "analyzer/extract/source/rule_engine.h"
#include "analyzer/extract/source/test_paths.h"
#include "analyzer/extract/source/value_eval.h"

namespace ampcheck {
namespace {

constexpr long long kMaxAttemptsCap = 5;  // gRFC A6: larger values become 5

yaml::Node Get(const yaml::Node& node, const char* key) {
  if (!node.IsMap()) return yaml::Node();
  const yaml::Node child = node[key];
  return child ? child : yaml::Node();
}

std::string ScalarOr(const yaml::Node& node, const char* key) {
  return YamlView::Scalar(Get(node, key)).value_or("");
}

// "0.5s", "1.200s" (protobuf Duration JSON) or a number of seconds, at
// `field` of `node`; a value that is neither is a warning and no duration.
std::optional<Millis> ProtoDuration(const yaml::Node& node, const char* field,
                                    const std::string& label,
                                    const YamlView& view,
                                    std::vector<Diagnostic>* diagnostics) {
  std::string text = ScalarOr(node, field);
  if (text.empty()) return std::nullopt;
  std::optional<Millis> ms = EvalDuration(text, 1000);
  if (!ms) {
    diagnostics->push_back(
        {view.At(Get(node, field)),
         fmt::format("gRPC service config: {}.{} is not a duration: '{}' "
                     "(e.g. \"0.5s\"); ignored",
                     label, field, text),
         Severity::kWarning});
  }
  return ms;
}

std::string MethodNames(const yaml::Node& config) {
  std::vector<std::string> names;
  yaml::Node list = Get(config, "name");
  if (list.IsSequence()) {
    for (const yaml::Node& name : list) {
      std::string service = ScalarOr(name, "service");
      std::string method = ScalarOr(name, "method");
      if (service.empty()) service = "*";
      names.push_back(method.empty() ? service : service + "/" + method);
    }
  }
  return names.empty() ? "" : " for " + Join(names, ", ");
}

// Tries from a policy's maxAttempts (tries, including the original, capped).
void SetAttempts(const yaml::Node& policy, const std::string& label,
                 const YamlView& view, LayerFact* fact) {
  yaml::Node attempts = Get(policy, "maxAttempts");
  std::string text = YamlView::Scalar(attempts).value_or("");
  std::optional<CountValue> count = EvalCount(text);
  fact->layer.location = view.At(attempts.IsDefined() ? attempts : policy);
  if (!count || count->unbounded) {
    fact->layer.tries = Tries::Of(kMaxAttemptsCap);
    fact->layer.provenance = Provenance::kInferred;
    fact->layer.detail = fmt::format(
        "{}.maxAttempts = {} is not a number; assuming the cap of {} tries",
        label, text.empty() ? "(absent)" : text, kMaxAttemptsCap);
    return;
  }
  long long n = std::clamp(count->count, 1LL, kMaxAttemptsCap);
  fact->layer.tries = Tries::Of(n);
  fact->layer.detail =
      fmt::format("{}.maxAttempts = {} (tries, including the original{})",
                  label, text, n != count->count ? ", capped at 5" : "");
}

}  // namespace

bool LayersFromServiceConfig(const std::string& path, std::string_view json,
                             int first_line, const Target& target,
                             std::vector<LayerFact>* layers,
                             std::vector<Diagnostic>* diagnostics) {
  // JSON is YAML (flow style), which gives every node its line; tabs are
  // whitespace in JSON but not YAML indentation.
  std::string text(json);
  std::replace(text.begin(), text.end(), '\t', ' ');
  yaml::Node root;
  try {
    root = yaml::Load(text);
  } catch (const yaml::Exception&) {
    return false;
  }
  yaml::Node configs = Get(root, "methodConfig");
  if (!configs.IsSequence()) return false;
  YamlView view(path, first_line);
  yaml::Node throttling = Get(root, "retryThrottling");
  std::optional<double> budget;
  std::string budget_detail;
  if (throttling.IsMap()) {
    // Each failure costs a token, each success earns tokenRatio; retries stop
    // below maxTokens/2, so sustained retries stay below tokenRatio per
    // successful call.
    std::string ratio = ScalarOr(throttling, "tokenRatio");
    try {
      budget = std::stod(ratio) * 100;
    } catch (...) {
    }
    budget_detail = fmt::format(
        "; retryThrottling maxTokens {} tokenRatio {} (at {}): retries stop "
        "when tokens fall below half",
        ScalarOr(throttling, "maxTokens"), ratio,
        view.At(throttling).ToString());
  }
  for (size_t index = 0; index < configs.size(); ++index) {
    const yaml::Node config = configs[index];
    std::string label = fmt::format("methodConfig[{}]", index);
    LayerFact fact;
    fact.rule_id = "grpc-service-config";
    fact.library = "gRPC service config";
    fact.semantics = "tries";
    fact.target = target;
    Layer& layer = fact.layer;
    layer.kind = LayerKind::kClient;
    layer.origin = fact.library;
    layer.total_timeout =
        ProtoDuration(config, "timeout", label, view, diagnostics);
    yaml::Node retry = Get(config, "retryPolicy");
    yaml::Node hedging = Get(config, "hedgingPolicy");
    if (retry.IsMap()) {
      SetAttempts(retry, "retryPolicy", view, &fact);
      layer.backoff.base = ProtoDuration(
          retry, "initialBackoff", label + ".retryPolicy", view, diagnostics);
      layer.backoff.cap = ProtoDuration(
          retry, "maxBackoff", label + ".retryPolicy", view, diagnostics);
      layer.backoff.jitter = true;  // random(0, current backoff)
      try {
        std::string multiplier = ScalarOr(retry, "backoffMultiplier");
        if (!multiplier.empty())
          layer.backoff.multiplier = std::stod(multiplier);
      } catch (...) {  // not a number: doubling, as when absent
      }
      yaml::Node codes = Get(retry, "retryableStatusCodes");
      layer.retry_on = YamlView::StringList(codes);
    } else if (hedging.IsMap()) {
      SetAttempts(hedging, "hedgingPolicy", view, &fact);
      layer.detail +=
          fmt::format("; hedged: up to {} concurrent tries, hedgingDelay {}",
                      layer.tries.ToString(),
                      ScalarOr(hedging, "hedgingDelay").empty()
                          ? "0s"
                          : ScalarOr(hedging, "hedgingDelay"));
      layer.retry_on =
          YamlView::StringList(Get(hedging, "nonFatalStatusCodes"));
    } else if (layer.total_timeout) {
      layer.tries = Tries::Of(1);
      layer.location = view.At(Get(config, "timeout"));
      layer.detail = "no retryPolicy: one try with a deadline";
    } else {
      continue;
    }
    layer.detail += MethodNames(config);
    // Every gRPC call is an HTTP/2 POST; no method is known to be declared
    // idempotent (idempotency_level in a .proto is not read).
    if (layer.retries()) layer.methods = {"POST"};
    if (layer.retries() && budget) {
      layer.budget_percent = budget;
      layer.budget_location = view.At(throttling);
      layer.detail += budget_detail;
    }
    layers->push_back(std::move(fact));
  }
  return true;
}

namespace {

bool IsStringNode(TSNode node) {
  std::string_view type = ts_node_type(node);
  return type.find("string") != std::string_view::npos &&
         type.find("content") == std::string_view::npos &&
         type.find("fragment") == std::string_view::npos;
}

// The text inside a string literal's delimiters, unescaped unless raw.
std::string LiteralContent(std::string_view text) {
  size_t start = 0;
  bool raw = false;
  while (start < text.size() &&
         std::string_view("@$rRbBfFuU").find(text[start]) !=
             std::string_view::npos) {
    raw = raw || text[start] == '@' || text[start] == 'r' || text[start] == 'R';
    ++start;
  }
  char quote = start < text.size() ? text[start] : '"';
  if (quote == '`') raw = true;
  size_t run = 0;
  while (start + run < text.size() && text[start + run] == quote) ++run;
  if (run == 2) run = 1;  // "" is an empty literal
  if (run >= 3) raw = raw || quote == '"';
  std::string_view inner = text.substr(start + run);
  if (inner.size() >= run) inner = inner.substr(0, inner.size() - run);
  bool verbatim = start > 0 && text[0] == '@';
  std::string out;
  for (size_t i = 0; i < inner.size(); ++i) {
    if (verbatim && inner[i] == '"' && i + 1 < inner.size() &&
        inner[i + 1] == '"') {
      out += '"';
      ++i;
      continue;
    }
    if (!raw && inner[i] == '\\' && i + 1 < inner.size()) {
      char c = inner[++i];
      out += c == 'n' ? '\n' : c == 't' ? ' ' : c;
    } else {
      out += inner[i];
    }
  }
  return out;
}

// The first string argument of the closest enclosing call that has one
// (grpc.Dial("pricing:50051", grpc.WithDefaultServiceConfig(`...`))).
Target DialTarget(TSNode literal, std::string_view source) {
  std::vector<TSNode> chain = Ancestors(literal);
  for (size_t at = 1; at < chain.size(); ++at) {
    TSNode n = chain[at];
    std::string_view type = ts_node_type(n);
    if (type.find("argument") == std::string_view::npos) continue;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      TSNode arg = ts_node_named_child(n, i);
      std::string_view arg_type = ts_node_type(arg);
      if (EndsWith(arg_type, "argument") && ts_node_named_child_count(arg) > 0)
        arg = ts_node_named_child(arg, 0);
      if (!IsStringNode(arg)) continue;
      std::string value = LiteralContent(NodeText(arg, source));
      if (value.find("methodConfig") != std::string::npos) break;
      if (StartsWith(value, "dns:///")) value = value.substr(7);
      if (size_t colon = value.rfind(':'); colon != std::string::npos)
        value = value.substr(0, colon);
      if (!value.empty()) return {TargetKind::kHost, value, ""};
      break;
    }
  }
  return {};
}

// Iterative, and each node's test a binary search among the word's
// occurrences: a deep tree must neither overflow the stack nor cost the
// square of its size.
void FindLiterals(TSNode root, std::string_view source,
                  std::vector<TSNode>* out) {
  std::vector<uint32_t> words;
  for (size_t at = source.find("methodConfig"); at != std::string_view::npos;
       at = source.find("methodConfig", at + 1))
    words.push_back(static_cast<uint32_t>(at));
  auto holds_word = [&](uint32_t start, uint32_t end) {
    auto it = std::lower_bound(words.begin(), words.end(), start);
    return it != words.end() && *it + 12 <= end;
  };
  std::vector<TSNode> pending = {root};
  while (!pending.empty()) {
    TSNode node = pending.back();
    pending.pop_back();
    if (!holds_word(ts_node_start_byte(node), ts_node_end_byte(node))) continue;
    if (IsStringNode(node)) {
      out->push_back(node);
      continue;
    }
    for (uint32_t i = ts_node_child_count(node); i > 0; --i)
      pending.push_back(ts_node_child(node, i - 1));
  }
}

}  // namespace

bool GrpcServiceConfigExtractor::Accepts(const SourceFile& file) const {
  return file.content.find("methodConfig") != std::string_view::npos &&
         !IsTestPath(file.path) &&
         (file.language == "json" || GrammarFor(GrammarOfFile(file)));
}

void GrpcServiceConfigExtractor::Extract(const SourceFile& file,
                                         FileFacts* facts) const {
  if (!Accepts(file)) return;
  if (file.language == "json") {
    LayersFromServiceConfig(file.path, file.content, 1, {}, &facts->layers,
                            &facts->diagnostics);
    return;
  }
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, GrammarFor(GrammarOfFile(file)));
  TSTree* tree =
      ts_parser_parse_string(parser, nullptr, file.content.data(),
                             static_cast<uint32_t>(file.content.size()));
  if (tree) {
    std::vector<TSNode> literals;
    FindLiterals(ts_tree_root_node(tree), file.content, &literals);
    for (TSNode literal : literals) {
      int line = static_cast<int>(ts_node_start_point(literal).row) + 1;
      LayersFromServiceConfig(file.path,
                              LiteralContent(NodeText(literal, file.content)),
                              line, DialTarget(literal, file.content),
                              &facts->layers, &facts->diagnostics);
    }
    ts_tree_delete(tree);
  }
  ts_parser_delete(parser);
}

}  // namespace ampcheck
