// Resources whose retry or timeout settings ampcheck does not read yet: each
// is a warning naming the resource, so that a path they change is not
// mistaken for a complete one.
#ifndef AMPCHECK_EXTRACT_KUBERNETES_UNREAD_KINDS_H_
#define AMPCHECK_EXTRACT_KUBERNETES_UNREAD_KINDS_H_

#include <optional>
#include <string>

#include "analyzer/extract/kubernetes/manifest.h"

namespace ampcheck {

// "HTTPRoute shop/orders: Gateway API HTTPRoute is not analysed; its retry
// and timeout settings are not counted", or nothing for a kind ampcheck reads
// or one that carries no retry or timeout settings.
std::optional<std::string> UnreadRetrySettings(const Manifest& manifest);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_KUBERNETES_UNREAD_KINDS_H_
