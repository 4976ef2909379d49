#include "analyzer/base/threads.h"

#include <algorithm>
#include <thread>

namespace ampcheck {

int ThreadCount(int requested) {
  if (requested > 0) return requested;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

}  // namespace ampcheck
