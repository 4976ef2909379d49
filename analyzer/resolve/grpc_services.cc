#include "analyzer/resolve/grpc_services.h"

#include <algorithm>
#include <map>

namespace ampcheck {

void MarkCallsToGrpcServices(ResolveContext* c) {
  std::map<std::string, const ServiceFact*> grpc_only;  // "ns/name"
  for (const ServiceFact& s : c->k8s_services) {
    bool all_grpc =
        !s.protocols.empty() &&
        std::all_of(s.protocols.begin(), s.protocols.end(),
                    [](const std::string& p) { return p == "grpc"; });
    if (all_grpc) grpc_only[s.ns + "/" + s.name] = &s;
  }
  if (grpc_only.empty()) return;
  for (Call& call : c->model.calls) {
    if (!call.methods.empty()) continue;  // the source said which
    const Service& callee = c->model.services[call.to];
    auto it = grpc_only.find(callee.Key());
    if (it == grpc_only.end()) continue;
    const ServiceFact& s = *it->second;
    call.methods.push_back(
        {"POST", s.location, false,
         "gRPC: Service " + s.name +
             " serves only gRPC ports, and every gRPC call is an HTTP/2 "
             "POST; no method is declared idempotent (.proto files are not "
             "read)"});
  }
}

}  // namespace ampcheck
