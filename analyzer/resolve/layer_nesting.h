// How the layers on one call nest: the order the analysis multiplies and
// times them in.
#ifndef AMPCHECK_RESOLVE_LAYER_NESTING_H_
#define AMPCHECK_RESOLVE_LAYER_NESTING_H_

#include <vector>

#include "analyzer/base/layer.h"

namespace ampcheck {

// Orders a call's layers outermost first: by kind (consumer, handler,
// decorator, client, mesh, mesh-inbound), and within a kind, a whole-call
// timeout (a call deadline, OkHttp's callTimeout, HttpClient.Timeout) outside
// the retrying layers, whose retries it bounds too, and any other client
// timeout inside them, since each try carries it (docs/semantics.md). A
// whole-call timeout made inside a retry loop of the code (after the loop's
// line in the loop's file) bounds one try and goes inside. Stable otherwise.
void NestCallLayers(std::vector<Layer>* layers);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_LAYER_NESTING_H_
