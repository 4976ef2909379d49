// Calls that leave the inputs: a host no input declares still names a node,
// so that the caller's layers and the mesh layer multiply into it. The node
// says what it stands for (a cluster service in another repository, a host
// outside the cluster) and why its protocol is assumed.
#include <set>

#include "analyzer/base/strings.h"
#include "analyzer/resolve/hosts.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {
namespace {

bool IsLocalHost(const std::string& host) {
  return host == "localhost" || host == "0.0.0.0" || host == "::1" ||
         host == "host.docker.internal" || StartsWith(host, "127.") ||
         EndsWith(host, ".localhost");
}

// A DNS label as a Service name can be one: a letter, then letters, digits
// and '-'; words that env values hold without naming a host are refused.
bool IsServiceLabel(const std::string& word) {
  static const std::set<std::string> kNotHosts = {
      "true", "false", "yes",  "no",    "none",  "null",    "nil",
      "on",   "off",   "info", "debug", "warn",  "error",   "default",
      "test", "local", "http", "https", "grpc",  "enabled", "disabled",
      "auto", "all",   "any",  "self",  "value", "example", "changeme"};
  if (word.empty() || word.size() > 63 ||
      !std::isalpha(static_cast<unsigned char>(word[0]))) {
    return false;
  }
  for (char ch : word) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-')
      return false;
  }
  return kNotHosts.count(word) == 0;
}

// Top-level domains that make "name.tld" a public host, not name.namespace.
bool IsPublicSuffix(const std::string& label) {
  static const std::set<std::string> kSuffixes = {
      "com",    "org",   "net",      "io",      "dev",  "app",    "cloud",
      "co",     "ai",    "gov",      "edu",     "biz",  "info",   "us",
      "uk",     "de",    "fr",       "cn",      "jp",   "ru",     "in",
      "br",     "eu",    "me",       "tv",      "xyz",  "site",   "tech",
      "online", "local", "internal", "example", "test", "invalid"};
  return kSuffixes.count(label) > 0;
}

// Hosts that source and config name as links, licences or XML and schema
// namespaces far more often than as services: a URL literal naming one is no
// call (a Swagger contact URL, an SVG namespace).
bool IsDocumentationHost(const std::string& host) {
  static const char* kHosts[] = {"github.com",
                                 "gitlab.com",
                                 "bitbucket.org",
                                 "w3.org",
                                 "apache.org",
                                 "opensource.org",
                                 "creativecommons.org",
                                 "gnu.org",
                                 "schema.org",
                                 "json-schema.org",
                                 "swagger.io",
                                 "openapis.org",
                                 "purl.org",
                                 "xmlsoap.org",
                                 "springframework.org",
                                 "spring.io",
                                 "vuejs.org",
                                 "reactjs.org",
                                 "react.dev",
                                 "angular.io",
                                 "nodejs.org",
                                 "npmjs.com",
                                 "npmjs.org",
                                 "python.org",
                                 "golang.org",
                                 "go.dev",
                                 "mozilla.org",
                                 "microsoft.com",
                                 "example.com",
                                 "example.org",
                                 "example.net",
                                 "stackoverflow.com",
                                 "wikipedia.org",
                                 "readthedocs.io",
                                 "shields.io",
                                 "semver.org",
                                 "opentelemetry.io",
                                 "kubernetes.io",
                                 "istio.io",
                                 "docker.com",
                                 "jquery.com",
                                 "jsdelivr.net",
                                 "cloudflare.com",
                                 "fonts.googleapis.com",
                                 "fonts.gstatic.com"};
  for (const char* suffix : kHosts) {
    if (host == suffix || EndsWith(host, std::string(".") + suffix))
      return true;
  }
  return StartsWith(host, "docs.") || StartsWith(host, "schemas.") ||
         StartsWith(host, "xmlns.");
}

}  // namespace

std::string AssumedTcp(const std::string& name, int port) {
  static const std::map<int, const char*> kPorts = {
      {5432, "PostgreSQL"}, {3306, "MySQL"},     {6379, "Redis"},
      {27017, "MongoDB"},   {9042, "Cassandra"}, {11211, "memcached"},
      {5672, "AMQP"},       {9092, "Kafka"},     {2181, "ZooKeeper"},
      {4222, "NATS"}};
  if (auto it = kPorts.find(port); it != kPorts.end())
    return std::string("port ") + std::to_string(port) + " is " + it->second +
           "'s";
  for (const char* store :
       {"postgres", "mysql", "mariadb", "redis", "mongo", "memcached",
        "rabbitmq", "kafka", "zookeeper", "cassandra", "nats"}) {
    if (name.find(store) != std::string::npos)
      return "the name " + name + " says " + store;
  }
  return "";
}

int ResolveContext::ResolveOrExternal(const HostReference& ref,
                                      const std::string& from_ns,
                                      const Location& named_at,
                                      std::string* why_not) {
  int known = ResolveHost(ref.host, from_ns);
  if (known >= 0) return known;
  if (IsLocalHost(ref.host)) {
    *why_not = "'" + ref.host + "' is the local host";
    return -1;
  }
  Service node;
  node.external = true;
  node.membership = "not in the inputs";
  node.location = named_at;
  std::vector<std::string> labels = Split(ref.host, '.');
  auto service = ParseServiceHost(ref.host);
  bool in_cluster = service && IsServiceLabel(service->name) &&
                    (labels.size() != 2 || !IsPublicSuffix(labels[1])) &&
                    (labels.size() == 1 || service->ns.empty() ||
                     IsServiceLabel(service->ns));
  if (in_cluster) {
    node.name = service->name;
    node.ns = service->ns.empty() ? from_ns : service->ns;
    node.kind = "not in inputs";
    node.external_reason =
        "a cluster service the inputs do not declare (" + ref.host +
        (service->ns.empty() ? ", resolved in namespace " + node.ns : "") + ")";
  } else if (labels.size() > 1 &&
             !std::isalpha(static_cast<unsigned char>(labels.back()[0]))) {
    // A top-level domain starts with a letter: v0.6.10 is a version.
    *why_not = "'" + ref.host + "' is not a host name";
    return -1;
  } else if (labels.size() > 1 && IsDocumentationHost(ref.host)) {
    *why_not = "'" + ref.host + "' is a documentation or schema host";
    return -1;
  } else if (labels.size() > 1 && IsServiceLabel(labels[0])) {
    node.name = ref.host;
    node.ns = "";
    node.kind = "external host";
    node.external_reason = "a host outside the cluster";
  } else {
    *why_not = "'" + ref.host + "' is not a host name";
    return -1;
  }
  if (int found = FindService(node.ns, node.name); found >= 0) return found;
  std::string tcp = AssumedTcp(node.name, ref.port);
  if (!tcp.empty()) {
    node.tcp_only = true;
    node.protocol_evidence = "assumed TCP: " + tcp;
  }
  return AddService(std::move(node));
}

}  // namespace ampcheck
