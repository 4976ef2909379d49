#include "analyzer/extract/proxies/nginx_config.h"

#include <algorithm>
#include <map>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

struct Token {
  std::string text;
  int line = 0;
  bool special = false;  // '{', '}' or ';'
};

std::vector<Token> Tokenize(const std::string& path, std::string_view content,
                            std::vector<Diagnostic>* diagnostics) {
  std::vector<Token> tokens;
  int line = 1;
  size_t i = 0;
  while (i < content.size()) {
    char c = content[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
    } else if (c == '#') {
      while (i < content.size() && content[i] != '\n') ++i;
    } else if (c == '{' || c == '}' || c == ';') {
      tokens.push_back({std::string(1, c), line, true});
      ++i;
    } else if (c == '"' || c == '\'') {
      int start_line = line;
      std::string text;
      size_t j = i + 1;
      while (j < content.size() && content[j] != c) {
        if (content[j] == '\\' && j + 1 < content.size()) ++j;
        if (content[j] == '\n') ++line;
        text += content[j++];
      }
      if (j >= content.size()) {
        diagnostics->push_back({{path, start_line},
                                "nginx: unterminated quoted string",
                                Severity::kWarning});
      }
      tokens.push_back({text, start_line, false});
      i = j + 1;
    } else {
      std::string text;
      while (i < content.size()) {
        char d = content[i];
        // "${VAR}" (envsubst templates) keeps its braces inside one word.
        if (d == '$' && i + 1 < content.size() && content[i + 1] == '{') {
          size_t close = content.find('}', i);
          if (close == std::string_view::npos) close = content.size() - 1;
          text += content.substr(i, close - i + 1);
          i = close + 1;
          continue;
        }
        if (d == ' ' || d == '\t' || d == '\r' || d == '\n' || d == ';' ||
            d == '{' || d == '}')
          break;
        text += d;
        ++i;
      }
      tokens.push_back({text, line, false});
    }
  }
  return tokens;
}

std::vector<NginxDirective> ParseBlock(const std::vector<Token>& tokens,
                                       size_t* at, const std::string& path,
                                       bool nested,
                                       std::vector<Diagnostic>* diagnostics) {
  std::vector<NginxDirective> out;
  NginxDirective current;
  while (*at < tokens.size()) {
    const Token& t = tokens[(*at)++];
    if (t.special && t.text == "}") {
      if (!nested) {
        diagnostics->push_back(
            {{path, t.line}, "nginx: '}' without a block", Severity::kWarning});
        continue;
      }
      return out;
    }
    if (t.special && t.text == ";") {
      if (!current.name.empty()) out.push_back(std::move(current));
      current = {};
      continue;
    }
    if (t.special && t.text == "{") {
      current.has_block = true;
      current.block = ParseBlock(tokens, at, path, true, diagnostics);
      out.push_back(std::move(current));
      current = {};
      continue;
    }
    if (current.name.empty()) {
      current.name = t.text;
      current.line = t.line;
    } else {
      current.args.push_back(t.text);
    }
  }
  if (nested) {
    diagnostics->push_back({{path, tokens.empty() ? 1 : tokens.back().line},
                            "nginx: block not closed before the end of file",
                            Severity::kWarning});
  }
  if (!current.name.empty()) out.push_back(std::move(current));
  return out;
}

struct RetrySettings {
  std::vector<std::string> next_upstream = NginxDefaultNextUpstream();
  Location next_upstream_at;
  long long tries = 0;  // proxy_next_upstream_tries default: 0, no cap
  Location tries_at;
};

struct Upstream {
  std::vector<std::string> servers;  // host:port
  int line = 0;
};

void CollectUpstreams(const std::vector<NginxDirective>& block,
                      std::map<std::string, Upstream>* out) {
  for (const NginxDirective& d : block) {
    if (d.name == "upstream" && d.has_block && !d.args.empty()) {
      Upstream& u = (*out)[ToLower(d.args[0])];
      u.line = d.line;
      for (const NginxDirective& s : d.block) {
        if (s.name == "server" && !s.args.empty())
          u.servers.push_back(s.args[0]);
      }
    } else if (d.has_block) {
      CollectUpstreams(d.block, out);
    }
  }
}

struct ProxyTarget {
  std::string scheme;
  std::string host;  // may be "${VAR}" or "$var"
  std::string port;  // "" when absent
};

// "${ORDERS_HOST}": a host left to envsubst.
const RE2& EnvSubstHost() {
  static const RE2 kEnvSubst(R"(\$\{([A-Za-z_][A-Za-z0-9_]*)\})");
  return kEnvSubst;
}

std::optional<ProxyTarget> ParseProxyPass(const std::string& url) {
  static const RE2 kUrl(R"(^([A-Za-z][A-Za-z0-9+.-]*)://([^/:]+)(:([^/]+))?)");
  auto m = RegexSearch(kUrl, url);
  if (!m) return std::nullopt;
  return ProxyTarget{ToLower((*m)[1]), (*m)[2], (*m)[4]};
}

class CallCollector {
 public:
  CallCollector(const std::string& path, FileFacts* facts,
                const std::map<std::string, Upstream>& upstreams)
      : path_(path), facts_(facts), upstreams_(upstreams) {}

  void Walk(const std::vector<NginxDirective>& block, RetrySettings settings) {
    // Settings apply to the whole block, wherever they are written in it.
    for (const NginxDirective& d : block) {
      if (d.name == "proxy_next_upstream") {
        settings.next_upstream = d.args;
        settings.next_upstream_at = {path_, d.line};
      } else if (d.name == "proxy_next_upstream_tries" && !d.args.empty()) {
        long long n = 0;
        if (ParseInt(d.args[0], &n) && n >= 0) {
          settings.tries = n;
          settings.tries_at = {path_, d.line};
        } else {
          facts_->diagnostics.push_back(
              {{path_, d.line},
               "nginx: proxy_next_upstream_tries '" + d.args[0] +
                   "' is not a number; nginx's default 0 (no cap) is used",
               Severity::kWarning});
        }
      }
    }
    for (const NginxDirective& d : block) {
      if (d.name == "upstream") continue;
      if (d.has_block) Walk(d.block, settings);
      if (d.name == "proxy_pass" && !d.args.empty()) ProxyPass(d, settings);
    }
  }

 private:
  void ProxyPass(const NginxDirective& d, const RetrySettings& settings) {
    Location at{path_, d.line};
    auto target = ParseProxyPass(d.args[0]);
    if (!target || target->host == "unix") return;
    std::vector<std::pair<Target, std::string>> servers;  // target, wording
    auto upstream = upstreams_.find(ToLower(target->host));
    if (upstream != upstreams_.end()) {
      for (const std::string& server : upstream->second.servers) {
        servers.push_back({{TargetKind::kUrl, target->scheme + "://" + server},
                           "upstream " + target->host + " server " +
                               target->scheme + "://" + server + " (" + path_ +
                               ":" + std::to_string(upstream->second.line) +
                               ")"});
      }
    } else if (auto m = RegexFullMatch(EnvSubstHost(), target->host)) {
      // An envsubst template (the nginx image's /etc/nginx/templates): the
      // host is the container's env var.
      servers.push_back(
          {{TargetKind::kEnv, (*m)[1]}, "host from env " + (*m)[1]});
    } else if (target->host.find('$') != std::string::npos) {
      facts_->diagnostics.push_back(
          {at,
           "nginx: proxy_pass " + d.args[0] +
               " names its host through an nginx variable; the call's "
               "target is unknown and not analyzed",
           Severity::kNote});
      return;
    } else {
      std::string url = target->scheme + "://" + target->host +
                        (target->port.empty() ? "" : ":" + target->port);
      servers.push_back({{TargetKind::kUrl, url}, "one server"});
    }
    bool off = NginxNextUpstreamOff(settings.next_upstream);
    long long tries = off ? 1
                          : NginxTries(settings.tries,
                                       static_cast<long long>(servers.size()));
    for (const auto& [server_target, wording] : servers) {
      facts_->call_sites.push_back(
          {server_target,
           at,
           "nginx proxy_pass " + d.args[0] + ", " + wording,
           {}});
    }
    if (tries <= 1) return;
    for (const auto& [server_target, wording] : servers) {
      LayerFact fact;
      fact.rule_id = "nginx-proxy-next-upstream";
      fact.library = "nginx";
      fact.semantics = "tries";
      fact.target = server_target;
      Layer& layer = fact.layer;
      layer.kind = LayerKind::kClient;
      layer.tries = Tries::Of(static_cast<uint64_t>(tries));
      layer.provenance = settings.tries_at.known()
                             ? Provenance::kExplicit
                             : Provenance::kLibraryDefault;
      layer.origin = "nginx proxy_next_upstream";
      layer.location = at;
      layer.retry_on = settings.next_upstream;
      layer.methods = NginxRetriedMethods(settings.next_upstream);
      layer.detail =
          "proxy_next_upstream " + Join(settings.next_upstream, " ") +
          (settings.next_upstream_at.known()
               ? " (" + settings.next_upstream_at.ToString() + ")"
               : " (nginx default)") +
          ", proxy_next_upstream_tries " + std::to_string(settings.tries) +
          (settings.tries_at.known() ? " (" + settings.tries_at.ToString() + ")"
                                     : " (nginx default, no cap)") +
          " over " + std::to_string(servers.size()) +
          " upstream servers = " + std::to_string(tries) + " tries";
      if (settings.tries_at.known()) {
        layer.evidence.push_back(
            {settings.tries_at,
             "proxy_next_upstream_tries " + std::to_string(settings.tries)});
      }
      facts_->layers.push_back(std::move(fact));
    }
  }

  const std::string& path_;
  FileFacts* facts_;
  const std::map<std::string, Upstream>& upstreams_;
};

}  // namespace

std::vector<NginxDirective> ParseNginx(const std::string& path,
                                       std::string_view content,
                                       std::vector<Diagnostic>* diagnostics) {
  std::vector<Token> tokens = Tokenize(path, content, diagnostics);
  size_t at = 0;
  return ParseBlock(tokens, &at, path, false, diagnostics);
}

long long NginxTries(long long tries_directive, long long servers) {
  if (servers < 1) servers = 1;
  if (tries_directive == 0) return servers;
  return std::min(tries_directive, servers);
}

const std::vector<std::string>& NginxDefaultNextUpstream() {
  static const std::vector<std::string> kDefault = {"error", "timeout"};
  return kDefault;
}

bool NginxNextUpstreamOff(const std::vector<std::string>& conditions) {
  return std::find(conditions.begin(), conditions.end(), "off") !=
         conditions.end();
}

std::vector<std::string> NginxRetriedMethods(
    const std::vector<std::string>& conditions) {
  if (std::find(conditions.begin(), conditions.end(), "non_idempotent") !=
      conditions.end())
    return {};
  // nginx's methods (ngx_http_request.h) less POST, LOCK and PATCH.
  return {"GET",   "HEAD", "PUT",  "DELETE",   "OPTIONS",   "TRACE",
          "MKCOL", "COPY", "MOVE", "PROPFIND", "PROPPATCH", "UNLOCK"};
}

void ExtractNginxCalls(const std::string& path, std::string_view content,
                       FileFacts* facts) {
  std::vector<NginxDirective> directives =
      ParseNginx(path, content, &facts->diagnostics);
  std::map<std::string, Upstream> upstreams;
  CollectUpstreams(directives, &upstreams);
  CallCollector(path, facts, upstreams).Walk(directives, RetrySettings{});
}

}  // namespace ampcheck
