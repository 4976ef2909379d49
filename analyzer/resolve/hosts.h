// Host names in the forms Kubernetes DNS accepts, and URLs that carry them.
#ifndef AMPCHECK_RESOLVE_HOSTS_H_
#define AMPCHECK_RESOLVE_HOSTS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ampcheck {

struct HostReference {
  std::string host;  // lower-case, no scheme, port or path
  int port = 0;
};

// Parses "http://orders.shop.svc.cluster.local:8080/v1", "orders:8080",
// "orders.shop", "grpc://payments", gRPC targets ("dns:///orders:50051",
// "dns://8.8.8.8/orders:50051") and .NET service discovery names
// ("https+http://catalog-api"). With require_explicit, a bare word
// ("orders") is refused: it is too often not a host at all.
std::optional<HostReference> ParseHostReference(std::string_view text,
                                                bool require_explicit);

// Every scheme://host[:port] reference inside free text (config files).
std::vector<HostReference> FindUrls(std::string_view text);

// True when an env var name says it holds a host or address.
bool NamesAHost(std::string_view variable);

// The same for a .NET configuration key ("Kestrel:Endpoints:Http:Url"),
// judged by the words of its last segment alone, so that
// "Logging:LogLevel:Microsoft.Hosting.Lifetime" and
// "Kestrel:EndpointDefaults:Protocols" (whose values are "Information" and
// "Http2") name no host: "CatalogUrl", "Api:BaseAddress" and
// "Redis:Host" do.
bool ConfigKeyNamesAHost(std::string_view key);

// Why a host speaks TCP rather than HTTP, from its port or name (a data
// store or broker: "port 6379 is Redis's", "the name orders-db-mysql says
// mysql"); "" when nothing says so. Neither the mesh's HTTP retry policy nor
// an HTTP client's retry applies to calls to it.
std::string AssumedTcp(const std::string& name, int port);

struct ServiceName {
  std::string name;
  std::string ns;  // "" when the host does not say
};

// name, name.ns, name.ns.svc, name.ns.svc.cluster.local; nullopt for hosts
// that are not Kubernetes service names (api.stripe.com is name+ns too: the
// caller checks the result against known services).
std::optional<ServiceName> ParseServiceHost(const std::string& host);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_HOSTS_H_
