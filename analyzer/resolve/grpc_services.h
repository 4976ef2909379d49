// Calls to a Service whose every port is gRPC carry gRPC: each call is an
// HTTP/2 POST. For calls found through an address in env or config, no
// source call site says what the client speaks; the callee's ports do, by
// Istio's protocol selection (appProtocol, else the port name's prefix:
// "grpc", "grpc-web"; istio.io, "Protocol Selection").
#ifndef AMPCHECK_RESOLVE_GRPC_SERVICES_H_
#define AMPCHECK_RESOLVE_GRPC_SERVICES_H_

#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

// Gives every call without a method whose callee's Service ports are all
// gRPC the method POST, with a note naming the Service and why.
void MarkCallsToGrpcServices(ResolveContext* c);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_GRPC_SERVICES_H_
