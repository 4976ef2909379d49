// The same resource (kind, namespace, name) defined twice: alternatives (two
// environments, two tutorial steps) or a copy. Merging them would mix two
// states of the fleet, so one is kept and the others are diagnosed.
#ifndef AMPCHECK_RESOLVE_DUPLICATE_RESOURCES_H_
#define AMPCHECK_RESOLVE_DUPLICATE_RESOURCES_H_

#include <vector>

#include "analyzer/facts/facts.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {

// Keeps the definition first in path order (file, then line) and drops the
// others from what Collect gathered, each with a warning naming both places.
// Namespaces, workloads, Services, ConfigMaps, VirtualServices,
// DestinationRules and Gateways are checked: Namespaces and ConfigMaps as
// `facts` hold them, the others as Collect gathered them.
void DropDuplicateResources(const std::vector<FileFacts>& facts,
                            ResolveContext* context);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_DUPLICATE_RESOURCES_H_
