#include "analyzer/extract/source/rule_engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/source/call_method.h"
#include "analyzer/extract/source/grammars.h"
#include "analyzer/extract/source/layer_builder.h"
#include "analyzer/extract/source/match_context.h"
#include "analyzer/extract/source/match_windows.h"
#include "analyzer/extract/source/parameter_default.h"
#include "analyzer/extract/source/string_fold.h"
#include "analyzer/extract/source/test_paths.h"

namespace ampcheck {
namespace {

// The grammars a rule language runs on.
std::vector<std::string> GrammarsOf(const std::string& language) {
  if (language == "javascript") return {"javascript", "typescript", "tsx"};
  if (language == "typescript") return {"typescript", "tsx"};
  return {language};
}

bool ContainsAny(std::string_view text, const std::vector<std::string>& words) {
  for (const std::string& word : words) {
    if (text.find(word) != std::string_view::npos) return true;
  }
  return false;
}

bool ContainsAll(std::string_view text, const std::vector<std::string>& words) {
  for (const std::string& word : words) {
    if (text.find(word) == std::string_view::npos) return false;
  }
  return true;
}

std::vector<const ValueSource*> SourcesOf(const Rule& rule) {
  return {&rule.tries.count,  &rule.per_try_timeout, &rule.total_timeout,
          &rule.backoff_base, &rule.backoff_cap,     &rule.backoff_multiplier,
          &rule.jitter,       &rule.target,          &rule.target_fallback,
          &rule.through};
}

// The package a Java or Kotlin file declares, or "".
std::string PackageOf(std::string_view content) {
  static const RE2 kPackage(R"((?:^|\n)\s*package\s+([A-Za-z0-9_.]+))");
  auto m = RegexSearch(kPackage, content.substr(0, 4096));
  return m ? (*m)[1] : "";
}

// Fills a tries.property template: {capture} (quotes removed), {package},
// {class}, {method}; the separators around an empty part collapse
// ("{package}.{class}/{method}/Retry/maxRetries" on a class annotation gives
// "com.shop.Pricing/Retry/maxRetries").
std::string FillProperty(const std::string& pattern, const Captures& captures,
                         const MatchContext& context,
                         std::string_view content) {
  static const RE2 kPlaceholder(R"(\{([A-Za-z0-9_]+)\})");
  std::string out;
  size_t last = 0;
  for (const RegexMatch& placeholder : RegexFindAll(kPlaceholder, pattern)) {
    out += pattern.substr(last, placeholder.position - last);
    const std::string& name = placeholder.groups[1];
    std::string value;
    if (name == "package") {
      value = PackageOf(content);
    } else if (name == "class") {
      value = context.type_name;
    } else if (name == "method") {
      value = context.function_name;
    } else if (auto c = captures.find(name); c != captures.end()) {
      value = StripQuotes(NodeText(c->second.front(), content));
    }
    out += value;
    last = placeholder.position + placeholder.groups[0].size();
  }
  out += pattern.substr(last);
  for (const char* doubled : {"//", "..", "./"}) {
    for (size_t at; (at = out.find(doubled)) != std::string::npos;)
      out.erase(at, 1);
  }
  while (!out.empty() && (out[0] == '.' || out[0] == '/')) out.erase(0, 1);
  return out;
}

// A literal that is the in-code default of an env or property lookup is that
// lookup's fallback, not a call of its own: os.getenv("ORDERS_URL",
// "http://orders") is one call site, whose target the workload's env decides.
// The text of the statement around a match: its lines when known, else the
// match itself.
std::string_view StatementText(const LineIndex& lines, TSNode match,
                               int first_line, int last_line) {
  if (first_line <= 0) {
    uint32_t start = ts_node_start_byte(match), end = ts_node_end_byte(match);
    return lines.content().substr(start, end - start);
  }
  return lines.Lines(first_line, last_line);
}

void DropFallbackLiterals(size_t first, std::vector<CallSiteFact>* sites) {
  std::set<std::string> fallbacks;
  for (size_t i = first; i < sites->size(); ++i)
    if (!(*sites)[i].target.fallback.empty())
      fallbacks.insert((*sites)[i].target.fallback);
  if (fallbacks.empty()) return;
  auto literal = [&](const CallSiteFact& site) {
    return (site.target.kind == TargetKind::kUrl ||
            site.target.kind == TargetKind::kHost) &&
           fallbacks.count(site.target.value);
  };
  sites->erase(std::remove_if(sites->begin() + static_cast<long>(first),
                              sites->end(), literal),
               sites->end());
}

// Whether `scope_query` matches in the enclosing function after the match,
// with each of its captures that the rule's query also has naming the same
// text: rules see no data flow, so "the ctx made here is passed to a later
// call" is a join on capture text.
bool HoldsInScope(const Query& scope_query, TSNode root, TSNode match_node,
                  const Captures& captures, const MatchContext& context,
                  std::string_view content) {
  uint32_t scope_start =
      static_cast<uint32_t>(context.scope_text.data() - content.data());
  uint32_t scope_end =
      scope_start + static_cast<uint32_t>(context.scope_text.size());
  TSNode scope =
      ts_node_descendant_for_byte_range(root, scope_start, scope_end);
  uint32_t after = ts_node_end_byte(match_node);
  for (const Captures& inner : scope_query.Run(scope, content)) {
    bool holds = !inner.empty();
    for (const auto& [name, nodes] : inner) {
      if (ts_node_start_byte(nodes.front()) < after) holds = false;
      auto outer = captures.find(name);
      if (outer != captures.end() && NodeText(outer->second.front(), content) !=
                                         NodeText(nodes.front(), content)) {
        holds = false;
      }
    }
    if (holds) return true;
  }
  return false;
}

}  // namespace

ExtractionStats& GlobalExtractionStats() {
  static ExtractionStats stats;
  return stats;
}

std::string GrammarOfFile(const SourceFile& file) {
  if (file.language == "typescript" && EndsWith(file.path, ".tsx"))
    return "tsx";
  return file.language;
}

void RuleEngine::Compile(Compiled* compiled) {
  const Rule& rule = *compiled->rule;
  std::string error;
  compiled->query = Query::Compile(compiled->language, rule.query, &error);
  if (!compiled->query) {
    int line = rule.query_line;
    if (StartsWith(error, "line ")) line += std::stoi(error.substr(5)) - 1;
    compiled->problems.push_back(
        {{rule.file, line},
         fmt::format("rule {} ({}): {}", rule.id, compiled->grammar, error)});
    return;
  }
  std::vector<std::string> names = compiled->query->CaptureNames();
  for (const ValueSource* source : SourcesOf(rule)) {
    if (!source->capture.empty() &&
        std::find(names.begin(), names.end(), source->capture) == names.end()) {
      compiled->problems.push_back(
          {{rule.file, rule.line},
           fmt::format("rule {}: the query has no capture @{}", rule.id,
                       source->capture)});
    }
    if (!source->query.empty() && !compiled->sub_queries.count(source->query)) {
      auto sub = Query::Compile(compiled->language, source->query, &error);
      if (!sub) {
        compiled->problems.push_back(
            {{rule.file, source->query_line},
             fmt::format("rule {} sub-query: {}", rule.id, error)});
      } else {
        compiled->sub_queries[source->query] = std::move(sub);
      }
    }
  }
  if (!rule.in_scope.empty()) {
    auto scope = Query::Compile(compiled->language, rule.in_scope, &error);
    if (!scope) {
      int line = rule.in_scope_line;
      if (StartsWith(error, "line ")) line += std::stoi(error.substr(5)) - 1;
      compiled->problems.push_back(
          {{rule.file, line},
           fmt::format("rule {} in_scope: {}", rule.id, error)});
    } else {
      compiled->sub_queries[rule.in_scope] = std::move(scope);
    }
  }
}

bool RuleEngine::EnsureCompiled(Compiled& compiled) {
  if (!compiled.done.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> lock(compiled.mutex);
    if (!compiled.done.load(std::memory_order_relaxed)) {
      Compile(&compiled);
      compiled.done.store(true, std::memory_order_release);
    }
  }
  return compiled.problems.empty();
}

bool RuleEngine::TryCompile(Compiled& compiled) {
  if (compiled.done.load(std::memory_order_acquire)) return true;
  std::unique_lock<std::mutex> lock(compiled.mutex, std::try_to_lock);
  if (!lock.owns_lock()) return false;
  if (!compiled.done.load(std::memory_order_relaxed)) {
    Compile(&compiled);
    compiled.done.store(true, std::memory_order_release);
  }
  return true;
}

RuleEngine::RuleEngine(const std::vector<Rule>& rules,
                       std::vector<Diagnostic>* diagnostics) {
  for (const Rule& rule : rules) {
    auto owned = std::make_unique<Rule>(rule);
    std::vector<std::unique_ptr<Compiled>> grammars;
    bool ok = true;
    for (const std::string& grammar : GrammarsOf(rule.language)) {
      const TSLanguage* language = GrammarFor(grammar);
      if (!language) {
        diagnostics->push_back(
            {{rule.file, rule.line},
             fmt::format("rule {}: no {} grammar in this build", rule.id,
                         grammar),
             Severity::kWarning});
        ok = false;
        break;
      }
      auto compiled = std::make_unique<Compiled>();
      compiled->rule = owned.get();
      compiled->grammar = grammar;
      compiled->language = language;
      if (!rule.compile_when_used) {
        EnsureCompiled(*compiled);
        for (const Diagnostic& problem : compiled->problems)
          diagnostics->push_back(problem);
        if (!compiled->problems.empty()) {
          ok = false;
          break;
        }
      }
      grammars.push_back(std::move(compiled));
    }
    if (!ok) continue;
    for (auto& compiled : grammars)
      by_grammar_[compiled->grammar].push_back(std::move(compiled));
    rules_.push_back(std::move(owned));
    ++rule_count_;
  }
}

std::vector<Diagnostic> RuleEngine::CompileAll() const {
  std::vector<Diagnostic> problems;
  for (const auto& [grammar, list] : by_grammar_) {
    for (const auto& compiled : list) {
      if (!EnsureCompiled(*compiled))
        problems.insert(problems.end(), compiled->problems.begin(),
                        compiled->problems.end());
    }
  }
  return problems;
}

RuleEngine::~RuleEngine() = default;

bool RuleEngine::Accepts(const SourceFile& file) const {
  return by_grammar_.count(GrammarOfFile(file)) && !IsTestPath(file.path);
}

void RuleEngine::Extract(const SourceFile& file, FileFacts* facts) const {
  if (!IsTestPath(file.path)) ExtractAlways(file, facts);
}

void RuleEngine::ExtractAlways(const SourceFile& file, FileFacts* facts) const {
  ExtractionStats& stats = GlobalExtractionStats();
  stats.files++;
  stats.bytes += file.content.size();
  auto it = by_grammar_.find(GrammarOfFile(file));
  if (it == by_grammar_.end()) return;
  std::vector<Compiled*> needed;
  for (const auto& compiled : it->second) {
    const Rule& rule = *compiled->rule;
    if (!ContainsAny(file.content, rule.prefilter) ||
        !ContainsAll(file.content, rule.requires_words) ||
        ContainsAny(file.content, rule.unless_in_file)) {
      continue;
    }
    needed.push_back(compiled.get());
  }
  // Compile first the rules no other thread is compiling, then wait for the
  // rest: threads starting on files of one language need the same rules,
  // and waiting on each in turn compiled them one thread at a time.
  std::vector<Compiled*> busy;
  for (Compiled* compiled : needed) {
    if (!TryCompile(*compiled)) busy.push_back(compiled);
  }
  for (Compiled* compiled : busy) EnsureCompiled(*compiled);
  std::vector<const Compiled*> candidates;
  for (Compiled* compiled : needed) {
    if (compiled->problems.empty()) {
      candidates.push_back(compiled);
    } else {
      // Every file that needed the rule says why it could not run; the
      // resolver keeps one copy of each diagnostic.
      facts->diagnostics.insert(facts->diagnostics.end(),
                                compiled->problems.begin(),
                                compiled->problems.end());
    }
  }
  if (candidates.empty()) return;
  stats.parsed_files++;
  stats.parsed_bytes += file.content.size();
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, GrammarFor(it->first));
  ts_parser_set_timeout_micros(parser, bounds_.parse_timeout_micros);
  auto started = std::chrono::steady_clock::now();
  TSTree* tree =
      ts_parser_parse_string(parser, nullptr, file.content.data(),
                             static_cast<uint32_t>(file.content.size()));
  if (!tree) {
    facts->diagnostics.push_back(
        {{file.path, 0},
         fmt::format("not analysed: parsing took longer than {:g} s (the "
                     "per-file parse bound); file skipped",
                     bounds_.parse_timeout_micros / 1e6),
         Severity::kError});
  } else {
    TSNode root = ts_tree_root_node(tree);
    const LineIndex lines(file.content);
    size_t before = facts->layers.size();
    size_t sites_before = facts->call_sites.size();
    size_t ran = 0;
    for (const Compiled* compiled : candidates) {
      std::chrono::duration<double> spent =
          std::chrono::steady_clock::now() - started;
      if (spent.count() > bounds_.file_budget_seconds) {
        facts->diagnostics.push_back(
            {{file.path, 0},
             fmt::format("not fully analysed: {} of {} rules ran before the "
                         "per-file time budget of {:g} s was spent",
                         ran, candidates.size(), bounds_.file_budget_seconds),
             Severity::kError});
        break;
      }
      if (!RunRule(*compiled, root, file, lines, facts)) {
        facts->diagnostics.push_back(
            {{file.path, 0},
             fmt::format("rule {}: more than {} matches in progress at once "
                         "(the query match limit); some of its matches may be "
                         "missing",
                         compiled->rule->id, bounds_.match_limit),
             Severity::kWarning});
      }
      ++ran;
    }
    DropFallbackLiterals(sites_before, &facts->call_sites);
    AnnotateCallMethods(lines, sites_before, &facts->call_sites);
    stats.layers += facts->layers.size() - before;
    ts_tree_delete(tree);
  }
  ts_parser_delete(parser);
}

bool RuleEngine::RunRule(const Compiled& compiled, TSNode root,
                         const SourceFile& file, const LineIndex& lines,
                         FileFacts* facts) const {
  const Rule& rule = *compiled.rule;
  // One fact per line; when two matches share a line, the outer one wins (a
  // Kotlin `install(X) { ... }` matches both as a call and as its callee).
  struct Seen {
    uint32_t start, end;
    size_t index;  // into facts->layers or facts->call_sites
  };
  std::map<int, Seen> seen_lines;
  const bool call_site = rule.produces == "call-site" || rule.produces == "use";
  std::vector<Captures> matches;
  const std::optional<QueryAnchors>& anchors = compiled.query->anchors();
  bool exceeded = false;
  if (whole_file_ || !anchors) {
    matches =
        compiled.query->Run(root, file.content, &exceeded, bounds_.match_limit);
  } else {
    for (TSNode window : MatchWindows(root, file.content, *anchors)) {
      for (Captures& captures : compiled.query->Run(
               window, file.content, &exceeded, bounds_.match_limit))
        matches.push_back(std::move(captures));
    }
  }
  for (const Captures& captures : matches) {
    if (captures.empty()) continue;
    TSNode match_node;
    if (auto m = captures.find("match"); m != captures.end()) {
      match_node = m->second.front();
    } else {
      match_node = captures.begin()->second.front();
    }
    int line = static_cast<int>(ts_node_start_point(match_node).row) + 1;
    std::string match_text = NodeText(match_node, file.content);
    MatchContext context = ContextOf(match_node, file.content);
    if (!NearMissWord(match_text, context).empty()) continue;
    if (ContainsAny(context.scope_text, rule.unless_in_scope)) continue;
    if (!rule.in_scope.empty() &&
        !HoldsInScope(*compiled.sub_queries.at(rule.in_scope), root, match_node,
                      captures, context, file.content)) {
      continue;
    }
    uint32_t start = ts_node_start_byte(match_node);
    uint32_t end = ts_node_end_byte(match_node);
    std::optional<size_t> replace;
    if (auto it = seen_lines.find(line); it != seen_lines.end()) {
      bool outer = start <= it->second.start && end >= it->second.end &&
                   end - start > it->second.end - it->second.start;
      if (!outer) continue;
      replace = it->second.index;
    }
    size_t index = replace.value_or(call_site ? facts->call_sites.size()
                                              : facts->layers.size());

    auto resolve =
        [&](const ValueSource& source) -> std::optional<std::string> {
      // A literal next to a capture or sub-query is the library's default,
      // used when the code does not spell the value.
      if (!source.capture.empty()) {
        auto c = captures.find(source.capture);
        if (c == captures.end()) return source.value;
        // A wrapper's parameter (timeout=timeout): its default, if any.
        if (auto passed = ParameterDefault(c->second.front(), file.content))
          return passed;
        return NodeText(c->second.front(), file.content);
      }
      if (!source.query.empty() && source.enclosing) {
        // The innermost @enclosing node around the match, from one run over
        // the file (climbing and re-running per ancestor would be quadratic).
        const Query& sub = *compiled.sub_queries.at(source.query);
        uint32_t best = UINT32_MAX;
        std::optional<std::string> value;
        for (const Captures& inner : sub.Run(root, file.content)) {
          auto at = inner.find("enclosing");
          auto v = inner.find("value");
          if (at == inner.end() || v == inner.end()) continue;
          TSNode n = at->second.front();
          uint32_t from = ts_node_start_byte(n), to = ts_node_end_byte(n);
          if (from <= start && to >= end && to - from < best &&
              !(from == start && to == end)) {
            best = to - from;
            value = NodeText(v->second.front(), file.content);
          }
        }
        return value ? value : source.value;
      }
      if (!source.query.empty()) {
        const Query& sub = *compiled.sub_queries.at(source.query);
        for (const Captures& inner : sub.Run(match_node, file.content)) {
          if (auto v = inner.find("value"); v != inner.end()) {
            return NodeText(v->second.front(), file.content);
          }
        }
        return source.value;
      }
      return source.value;
    };
    MatchValues values{resolve(rule.tries.count),
                       resolve(rule.per_try_timeout),
                       resolve(rule.total_timeout),
                       resolve(rule.backoff_base),
                       resolve(rule.backoff_cap),
                       resolve(rule.backoff_multiplier),
                       resolve(rule.jitter),
                       resolve(rule.target),
                       resolve(rule.target_fallback),
                       rule.tries.property.empty()
                           ? ""
                           : FillProperty(rule.tries.property, captures,
                                          context, file.content)};
    Location location{file.path, line};
    SourceScope scope = ScopeOf(context);
    if (rule.produces == "use") {
      // Not a call: the calls in its scope run through what it names.
      auto through = resolve(rule.through);
      if (!through || through->empty()) continue;
      CallSiteFact use{{TargetKind::kNone,
                        rule.through_kind + ":" + StripQuotes(*through), ""},
                       location,
                       fmt::format("{} ({})", rule.library, rule.id),
                       scope};
      if (replace) {
        facts->call_sites[index] = std::move(use);
      } else {
        facts->call_sites.push_back(std::move(use));
      }
      seen_lines[line] = {start, end, index};
      continue;
    }
    if (rule.produces == "call-site") {
      if (!rule.target_template.empty()) {
        values.target =
            FillProperty(rule.target_template, captures, context, file.content);
      }
      if (!values.target || values.target->empty()) continue;
      std::string target = StripQuotes(*values.target);
      if (rule.target_kind == TargetKind::kUrl ||
          rule.target_kind == TargetKind::kHost) {
        // A URL assembled from literals is the URL it builds; one with a
        // part that is not a literal names no host here.
        auto folded = FoldStringExpression(*values.target);
        if (!folded) continue;
        target = *folded;
      }
      CallSiteFact site{{rule.target_kind, target,
                         StripQuotes(values.target_fallback.value_or(""))},
                        location,
                        fmt::format("{} ({})", rule.library, rule.id),
                        scope};
      if (replace) {
        facts->call_sites[index] = std::move(site);
      } else {
        facts->call_sites.push_back(std::move(site));
      }
      seen_lines[line] = {start, end, index};
      continue;
    }
    LayerKind kind = rule.kind;
    for (const Rule::KindByEnclosing& by_enclosing : rule.kind_by_enclosing) {
      bool hit = false;
      for (const std::string& name : context.enclosing_names)
        hit = hit || RE2::PartialMatch(name, *by_enclosing.regex);
      if (hit) {
        kind = by_enclosing.kind;
        break;
      }
    }
    LayerFact layer = BuildLayer(rule, values, location, kind);
    if (!rule.methods_when.empty()) {
      std::string_view statement =
          StatementText(lines, match_node, context.statement_first_line,
                        context.statement_last_line);
      for (const Rule::MethodsWhen& when : rule.methods_when) {
        if (statement.find(when.statement_contains) == std::string_view::npos)
          continue;
        layer.methods = when.methods;
        layer.layer.methods = when.methods;
        break;
      }
    }
    layer.scope = std::move(scope);
    if (auto through = resolve(rule.through); through && !through->empty())
      layer.through = rule.through_kind + ":" + StripQuotes(*through);
    layer.no_service_edge = ConnectionScope(context, kind);
    if (replace) {
      facts->layers[index] = std::move(layer);
    } else {
      facts->layers.push_back(std::move(layer));
    }
    seen_lines[line] = {start, end, index};
  }
  return !exceeded;
}

}  // namespace ampcheck
