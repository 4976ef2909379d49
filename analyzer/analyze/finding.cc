#include "analyzer/analyze/finding.h"

#include <utility>

namespace ampcheck {

Finding& Candidate::Written() {
  if (!written) {
    written = std::make_unique<Finding>();
    static_cast<FindingCore&>(*written) =
        std::move(static_cast<FindingCore&>(*this));
  }
  return *written;
}

Finding Candidate::Take() && { return std::move(Written()); }

}  // namespace ampcheck
