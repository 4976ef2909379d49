// nginx / OpenResty configuration as a tree of directives, and what it says
// about calls: each proxy_pass to a host is a call site of the service that
// holds the config; proxy_next_upstream(_tries) over several upstream servers
// is a client retry layer of that service on those calls.
#ifndef AMPCHECK_EXTRACT_PROXIES_NGINX_CONFIG_H_
#define AMPCHECK_EXTRACT_PROXIES_NGINX_CONFIG_H_

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/facts/facts.h"

namespace ampcheck {

struct NginxDirective {
  std::string name;
  std::vector<std::string> args;  // quotes removed
  int line = 0;
  std::vector<NginxDirective> block;  // for "name args { ... }"
  bool has_block = false;
};

// Parses directives; an unbalanced brace or quote is a diagnostic with its
// line, and what was read before it is kept.
std::vector<NginxDirective> ParseNginx(const std::string& path,
                                       std::string_view content,
                                       std::vector<Diagnostic>* diagnostics);

// How many tries nginx makes on one request for proxy_next_upstream_tries
// `tries` over `servers` upstream servers. nginx tries each server at most
// once per request (peer.tries = number of servers) and caps that at
// proxy_next_upstream_tries when it is not 0 (0 = no cap, nginx's default):
// tries = servers if tries_directive == 0, else min(tries_directive, servers).
// /work/shared/reference/mesh.md ("NGINX ingress", "ingress-nginx": NGINX
// caps peer.tries at proxy-next-upstream-tries; 0 = unlimited).
long long NginxTries(long long tries_directive, long long servers);

// proxy_next_upstream's conditions when none is written: "error timeout"
// (nginx's default; ingress-nginx's proxy-next-upstream keeps it).
const std::vector<std::string>& NginxDefaultNextUpstream();

// Whether the conditions let nginx pass a failed request on at all: "off"
// turns passing off, so every request gets one try.
bool NginxNextUpstreamOff(const std::vector<std::string>& conditions);

// The methods nginx passes to the next try after the request was sent: all
// but POST, LOCK and PATCH, unless the conditions include non_idempotent
// (then any method: empty). nginx src/http/ngx_http_upstream.c,
// ngx_http_upstream_next(): a sent POST|LOCK|PATCH request adds
// NGX_HTTP_UPSTREAM_FT_NON_IDEMPOTENT to the failure type, which only
// "non_idempotent" in proxy_next_upstream allows. Before sending (a refused
// connection) every method is passed on.
std::vector<std::string> NginxRetriedMethods(
    const std::vector<std::string>& conditions);

// Call sites and retry layers of one nginx config file.
void ExtractNginxCalls(const std::string& path, std::string_view content,
                       FileFacts* facts);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_PROXIES_NGINX_CONFIG_H_
