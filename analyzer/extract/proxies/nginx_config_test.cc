#include "analyzer/extract/proxies/nginx_config.h"

#include <doctest/doctest.h>

#include <algorithm>

namespace ampcheck {

TEST_CASE("nginx: tries are the upstream servers, capped by the directive") {
  CHECK(NginxTries(0, 3) == 3);  // default 0: no cap
  CHECK(NginxTries(2, 3) == 2);
  CHECK(NginxTries(5, 3) == 3);  // each server at most once
  CHECK(NginxTries(0, 1) == 1);
}

TEST_CASE("nginx: conditions, off, and the methods passed on after sending") {
  CHECK(NginxDefaultNextUpstream() ==
        std::vector<std::string>{"error", "timeout"});
  CHECK(NginxNextUpstreamOff({"off"}));
  CHECK_FALSE(NginxNextUpstreamOff(NginxDefaultNextUpstream()));
  std::vector<std::string> methods = NginxRetriedMethods({"error", "timeout"});
  CHECK(std::count(methods.begin(), methods.end(), "GET") == 1);
  CHECK(std::count(methods.begin(), methods.end(), "PUT") == 1);
  for (const char* unsafe : {"POST", "LOCK", "PATCH"})
    CHECK(std::count(methods.begin(), methods.end(), unsafe) == 0);
  CHECK(NginxRetriedMethods({"error", "non_idempotent"}).empty());
}

TEST_CASE("nginx: proxy_pass to an upstream block with retry settings") {
  FileFacts facts;
  ExtractNginxCalls("web/nginx.conf", R"(http {
  proxy_next_upstream error timeout http_502;
  upstream cart_pool {
    server cart-a:8080;
    server cart-b:8080;
    server cart-c:8080 backup;
  }
  server {
    listen 80;
    location /api/cart/ {
      proxy_next_upstream_tries 2;
      proxy_pass http://cart_pool/;
    }
    location /api/user/ {
      proxy_pass http://user:8080/;  # one server: no other to try
    }
  }
}
)",
                    &facts);
  CHECK(facts.diagnostics.empty());
  REQUIRE(facts.call_sites.size() == 4);
  CHECK(facts.call_sites[0].target ==
        Target{TargetKind::kUrl, "http://cart-a:8080", ""});
  CHECK(facts.call_sites[0].location == Location{"web/nginx.conf", 12});
  CHECK(facts.call_sites[0].detail ==
        "nginx proxy_pass http://cart_pool/, upstream cart_pool server "
        "http://cart-a:8080 (web/nginx.conf:3)");
  CHECK(facts.call_sites[3].target ==
        Target{TargetKind::kUrl, "http://user:8080", ""});
  CHECK(facts.call_sites[3].detail ==
        "nginx proxy_pass http://user:8080/, one server");
  REQUIRE(facts.layers.size() == 3);
  const LayerFact& layer = facts.layers[0];
  CHECK(layer.target == facts.call_sites[0].target);
  CHECK(layer.layer.tries == Tries::Of(2));
  CHECK(layer.layer.kind == LayerKind::kClient);
  CHECK(layer.layer.provenance == Provenance::kExplicit);
  CHECK(layer.layer.retry_on ==
        std::vector<std::string>{"error", "timeout", "http_502"});
  CHECK(layer.layer.detail ==
        "proxy_next_upstream error timeout http_502 (web/nginx.conf:2), "
        "proxy_next_upstream_tries 2 (web/nginx.conf:11) over 3 upstream "
        "servers = 2 tries");
  CHECK(layer.layer.methods == NginxRetriedMethods({"error"}));
}

TEST_CASE("nginx: defaults, env templates, variables and off") {
  FileFacts facts;
  ExtractNginxCalls("web/default.conf.template", R"(upstream pool {
  server a:80;
  server b:80;
}
server {
  location /a/ { proxy_pass http://pool; }
  location /c/ { proxy_pass http://${CATALOGUE_HOST}:8080/; }
  location /v/ { proxy_pass http://$backend; }
  location /o/ { proxy_next_upstream off; proxy_pass http://pool; }
}
)",
                    &facts);
  REQUIRE(facts.call_sites.size() == 5);
  CHECK(facts.call_sites[2].target ==
        Target{TargetKind::kEnv, "CATALOGUE_HOST", ""});
  REQUIRE(facts.layers.size() == 2);  // /a/ only: /o/ is off
  CHECK(facts.layers[0].layer.tries == Tries::Of(2));
  CHECK(facts.layers[0].layer.provenance == Provenance::kLibraryDefault);
  CHECK(facts.layers[0].layer.detail ==
        "proxy_next_upstream error timeout (nginx default), "
        "proxy_next_upstream_tries 0 (nginx default, no cap) over 2 upstream "
        "servers = 2 tries");
  REQUIRE(facts.diagnostics.size() == 1);
  CHECK(facts.diagnostics[0].message ==
        "nginx: proxy_pass http://$backend names its host through an nginx "
        "variable; the call's target is unknown and not analyzed");
  CHECK(facts.diagnostics[0].location.line == 8);
}

TEST_CASE("nginx: an unclosed block is diagnosed, what came before kept") {
  FileFacts facts;
  ExtractNginxCalls("nginx.conf",
                    "server {\n  location / {\n    proxy_pass http://a:1;\n",
                    &facts);
  CHECK(facts.call_sites.size() == 1);
  REQUIRE(facts.diagnostics.size() == 2);
  CHECK(facts.diagnostics[0].message ==
        "nginx: block not closed before the end of file");
}

}  // namespace ampcheck
